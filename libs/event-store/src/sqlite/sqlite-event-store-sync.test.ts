import { fdatasync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { atendeRegistry, type StoredEvent } from '@atende/events';
import { eventStoreContract } from '../contract/event-store-contract.js';
import { createSqliteEventStore, type SqliteEventStore } from './sqlite-event-store.js';
import type { SyncFile } from './wal-syncer.js';

function tempFile(): { file: string; dir: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-store-sync-'));
  return { dir, file: path.join(dir, 'events.db') };
}

const synced = { checkpointInBackground: true, syncInBackground: true } as const;

eventStoreContract('SQLite, WAL synced off the event loop', async () => {
  const { dir, file } = tempFile();
  return {
    open: async () => createSqliteEventStore({ filename: file, pollIntervalMs: 20, ...synced }),
    childEnv: () => ({ ATENDE_STORE_KIND: 'sqlite', ATENDE_STORE_FILE: file }),
    cleanup: async () => rmSync(dir, { recursive: true, force: true }),
  };
});

/** The WAL's syncs, held until the test lets them finish (each really syncs the file then). */
function gatedSync() {
  let open = false;
  let calls = 0;
  const held: Array<() => void> = [];
  const syncFile: SyncFile = (fd, done) => {
    calls += 1;
    const run = () => fdatasync(fd, done);
    if (open) run();
    else held.push(run);
  };
  return {
    syncFile,
    calls: () => calls,
    release() {
      open = true;
      for (const run of held.splice(0)) run();
    },
  };
}

/** A store on a new file whose WAL syncs wait for `sync.release()`, and an abort for its subscribers. */
function openGated() {
  const { dir, file } = tempFile();
  const sync = gatedSync();
  const store = createSqliteEventStore({ filename: file, ...synced, syncFile: sync.syncFile });
  return { dir, file, sync, store, abort: new AbortController() };
}

const pin = (workspaceId = 'w1') =>
  atendeRegistry.prepare({ type: 'ConversationPinned', data: {} }, { workspaceId });

const turns = async (n = 5) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

async function firstEvents(store: SqliteEventStore, count: number, signal: AbortSignal) {
  const seen: StoredEvent[] = [];
  for await (const event of store.subscribe(1, { signal })) {
    seen.push(event);
    if (seen.length === count) break;
  }
  return seen;
}

describe('SQLite event store with the WAL synced off the event loop', () => {
  it("commits without syncing, and acknowledges an append and shows it to the log's readers only once synced", async () => {
    const { dir, file, sync, store, abort } = openGated();
    try {
      const stream = 'conversation-w1-5511@c.us';
      let acknowledged = false;
      const appended = store.appendToStream(stream, [pin()]).then((r) => ((acknowledged = true), r));
      const subscriber = firstEvents(store, 1, abort.signal);
      await turns();
      await new Promise((resolve) => setTimeout(resolve, 60)); // more than the poll interval

      expect(sync.calls()).toBe(1);
      expect(acknowledged).toBe(false);
      expect(await store.lastGlobalPosition()).toBe(0);
      expect(await store.readBatch(1, 10)).toEqual([]);
      // The writers' own decisions read it: their next append is synced after this one.
      expect(await store.readStream(stream)).toHaveLength(1);

      sync.release();
      expect((await appended).nextExpectedVersion).toBe(0);
      expect((await subscriber).map((e) => e.globalPosition)).toEqual([1]);
      expect(await store.lastGlobalPosition()).toBe(1);
    } finally {
      abort.abort();
      await store.close();
    }
    // Closed with nothing lost: another connection reads it from the file.
    const reopened = createSqliteEventStore({ filename: file });
    expect(await reopened.lastGlobalPosition()).toBe(1);
    await reopened.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs its connection with synchronous=NORMAL (no commit synced, only a restarted WAL header) and syncs the WAL itself', async () => {
    const { dir, file } = tempFile();
    const sync = gatedSync();
    sync.release();
    const store = createSqliteEventStore({ filename: file, ...synced, syncFile: sync.syncFile });
    const plain = createSqliteEventStore({
      filename: path.join(dir, 'plain.db'),
      checkpointInBackground: true,
    });
    try {
      const synchronous = (s: SqliteEventStore) =>
        (s as unknown as { db: Database.Database }).db.pragma('synchronous', { simple: true });
      expect(synchronous(store)).toBe(1);
      expect(synchronous(plain)).toBe(2);
      await Promise.all([1, 2, 3].map((n) => store.appendToStream(`conversation-w1-55${n}@c.us`, [pin()])));
      expect(sync.calls()).toBe(1); // one commit for the three, one sync
    } finally {
      await store.close();
      await plain.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses every append once a sync failed, and never shows what that sync did not cover', async () => {
    const { dir, file } = tempFile();
    const eio = Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    const store = createSqliteEventStore({
      filename: file,
      ...synced,
      syncFile: (_fd, done) => setImmediate(() => done(eio)),
    });
    try {
      await expect(store.appendToStream('conversation-w1-5511@c.us', [pin()])).rejects.toThrow('EIO');
      await expect(store.appendToStream('conversation-w1-5522@c.us', [pin()])).rejects.toThrow('EIO');
      expect(await store.lastGlobalPosition()).toBe(0);
      expect(await store.readBatch(1, 10)).toEqual([]);
    } finally {
      await store.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("does not hand subscribers a workspace's events erased while their sync was pending", async () => {
    const { dir, sync, store, abort } = openGated();
    try {
      const erasedAppend = store.appendToStream('conversation-w1-5511@c.us', [pin('w1')]);
      await turns();
      expect(await store.eraseWorkspace('w1', { keepTypes: [] })).toEqual({ erased: 1 });
      sync.release();
      await erasedAppend;
      await store.appendToStream('conversation-w2-5522@c.us', [pin('w2')]);
      const seen = await firstEvents(store, 1, abort.signal);
      expect(seen.map((e) => [e.globalPosition, e.metadata.workspaceId])).toEqual([[2, 'w2']]);
    } finally {
      abort.abort();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
