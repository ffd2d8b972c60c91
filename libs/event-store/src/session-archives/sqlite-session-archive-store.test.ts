import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sessionArchiveStoreContract } from './session-archive-store-contract.js';
import { SESSION_ARCHIVES_FILE, SqliteSessionArchiveStore } from './sqlite-session-archive-store.js';

describe('SqliteSessionArchiveStore', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-archives-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  sessionArchiveStoreContract(
    'SqliteSessionArchiveStore',
    async () => new SqliteSessionArchiveStore(path.join(dir, SESSION_ARCHIVES_FILE)),
  );

  it('refuses an archive without its workspace or session', async () => {
    const store = new SqliteSessionArchiveStore(':memory:');
    await expect(store.put('', 's-1', Buffer.from('x'))).rejects.toThrow(TypeError);
    await expect(store.put('ws-1', '', Buffer.from('x'))).rejects.toThrow(TypeError);
    await store.close();
    await store.close(); // twice is harmless
  });
});
