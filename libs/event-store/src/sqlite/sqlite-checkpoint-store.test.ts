import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MemoryCheckpointStore } from '@atende/events';
import { checkpointStoreContract } from '@atende/events/testing';
import { SqliteCheckpointStore } from './sqlite-checkpoint-store.js';

checkpointStoreContract('SQLite', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-checkpoints-'));
  const file = path.join(dir, 'consumers.db');
  return {
    open: async () => new SqliteCheckpointStore(file),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

// The in-process adapter keeps positions per instance: "open again" returns the same instance.
checkpointStoreContract('memory', async () => {
  const shared = new MemoryCheckpointStore();
  return { open: async () => shared, cleanup: async () => undefined };
});
