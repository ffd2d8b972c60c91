import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SyncedCommits, WalSyncer, type SyncFile } from './wal-syncer.js';

/** A sync that finishes only when the test says so, counting the calls. */
function heldSync() {
  const held: Array<(error: NodeJS.ErrnoException | null) => void> = [];
  const syncFile: SyncFile = (_fd, done) => void held.push(done);
  return {
    syncFile,
    calls: () => held.length,
    finish: (index: number, error: NodeJS.ErrnoException | null = null) => held[index]!(error),
  };
}

const settledNow = async (promise: Promise<unknown>) => {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return settled;
};

let dir: string;
let wal: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'atende-walsync-'));
  wal = path.join(dir, 'events.db-wal');
  writeFileSync(wal, 'frames');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('WalSyncer', () => {
  it('lets the commits that come during a sync share the next one, never the one in flight', async () => {
    const sync = heldSync();
    const syncer = new WalSyncer(wal, sync.syncFile);
    const first = syncer.sync();
    const second = syncer.sync();
    const third = syncer.sync();
    expect(sync.calls()).toBe(1);
    // The sync in flight may have started before the second and third commits wrote their frames.
    sync.finish(0);
    await first;
    expect(await settledNow(second)).toBe(false);
    expect(sync.calls()).toBe(2);
    sync.finish(1);
    await Promise.all([second, third]);
    expect(sync.calls()).toBe(2);
    await syncer.idle();
    syncer.close();
  });

  it('rejects the waiters of a failed sync with its error', async () => {
    const sync = heldSync();
    const syncer = new WalSyncer(wal, sync.syncFile);
    const waiting = syncer.sync();
    sync.finish(0, Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
    await expect(waiting).rejects.toThrow('EIO');
    syncer.close();
  });

  it('syncs with fdatasync by default', async () => {
    const syncer = new WalSyncer(wal);
    await expect(Promise.all([syncer.sync(), syncer.sync()])).resolves.toBeDefined();
    await syncer.idle();
    syncer.close();
  });

  it('refuses a WAL that does not exist', () => {
    expect(() => new WalSyncer(path.join(dir, 'missing-wal'))).toThrow('ENOENT');
  });
});

describe('SyncedCommits', () => {
  it('hides the positions from the first batch not yet synced on, and publishes in commit order', async () => {
    const sync = heldSync();
    const commits = new SyncedCommits(new WalSyncer(wal, sync.syncFile));
    const published: string[] = [];
    const rows = (...positions: number[]) => positions.map((p) => [p] as [number]);
    expect(commits.visible(rows(1, 2, 3))).toEqual(rows(1, 2, 3));

    commits.committed(
      4,
      () => published.push('a'),
      () => undefined,
    );
    commits.committed(
      6,
      () => published.push('b'),
      () => undefined,
    );
    commits.committed(
      undefined,
      () => published.push('nothing written'),
      () => undefined,
    );
    expect(commits.visibleUpTo()).toBe(3);
    expect(commits.visible(rows(2, 3, 4, 5, 6))).toEqual(rows(2, 3));

    sync.finish(0);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual(['a']);
    expect(commits.visibleUpTo()).toBe(5);
    sync.finish(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(published).toEqual(['a', 'b', 'nothing written']);
    expect(commits.visibleUpTo()).toBe(Number.POSITIVE_INFINITY);
    await commits.close();
  });

  it('keeps a batch whose sync failed hidden and remembers the failure', async () => {
    const sync = heldSync();
    const commits = new SyncedCommits(new WalSyncer(wal, sync.syncFile));
    const failed: unknown[] = [];
    commits.committed(
      10,
      () => failed.push('published'),
      (error) => failed.push(error),
    );
    const error = Object.assign(new Error('EIO'), { code: 'EIO' });
    sync.finish(0, error);
    await new Promise((resolve) => setImmediate(resolve));
    expect(failed).toEqual([error]);
    expect(commits.failure).toBe(error);
    expect(commits.visibleUpTo()).toBe(9);
    await commits.close();
  });
});
