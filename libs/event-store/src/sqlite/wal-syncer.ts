import { closeSync, fdatasync, fdatasyncSync, openSync } from 'node:fs';

/** How a file's written data reaches the disk: node's fdatasync (the libuv thread pool) by default. */
export type SyncFile = (fd: number, done: (error: NodeJS.ErrnoException | null) => void) => void;

/**
 * Syncs an SQLite WAL file to disk on libuv's thread pool instead of inside each commit, for a writer
 * whose connection runs with synchronous=NORMAL (in WAL mode its commits only hand the WAL's frames to
 * the OS, syncing only a restarted WAL's header). A sync covers everything written to the file before
 * it starts, so the commits that come while one is in flight share the next one (group commit): at
 * most one in flight and one waiting.
 *
 * Only the WAL needs it: the database file changes only in checkpoints, which another connection
 * with synchronous=NORMAL runs (wal-checkpointer.ts), syncing the WAL before and the file after.
 */
export class WalSyncer {
  private readonly fd: number;
  private inFlight = false;
  private waiting: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];

  /**
   * `walFile` must exist (the store opened its database in WAL mode and wrote to it) and stay the
   * same file while the store is open: SQLite truncates a WAL but removes it only when its last
   * connection closes. Syncs it once at once: what a crashed run committed but never synced is made
   * durable before anything new is built on it.
   */
  constructor(
    walFile: string,
    private readonly syncFile: SyncFile = fdatasync,
  ) {
    this.fd = openSync(walFile, 'r');
    fdatasyncSync(this.fd);
  }

  /** Resolves once a sync that started after this call has finished; rejects with its error. */
  sync(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.inFlight) this.start();
    });
  }

  /** Resolves when no sync is in flight or waiting (a sync that failed included). */
  idle(): Promise<void> {
    // Whatever waits now goes with the next sync, and so does this.
    return this.inFlight ? this.sync().catch(() => undefined) : Promise.resolve();
  }

  /** After idle(): closes the file descriptor. */
  close(): void {
    closeSync(this.fd);
  }

  private start(): void {
    const batch = this.waiting;
    this.waiting = [];
    this.inFlight = true;
    this.syncFile(this.fd, (error) => {
      this.inFlight = false;
      for (const waiter of batch) {
        if (error) waiter.reject(error);
        else waiter.resolve();
      }
      if (this.waiting.length > 0) this.start();
    });
  }
}

/**
 * The store's side of background syncing: which committed positions are not yet on disk (readers
 * must not see them: a projection built on an event a power cut then loses would be ahead of the
 * log), and the first sync failure, after which nothing more is accepted.
 */
export class SyncedCommits {
  /** The first position of each committed batch whose sync has not finished, oldest first. */
  private readonly unsynced: number[] = [];
  /** Why a sync failed (the OS may have dropped the pages): appends are refused from then on. */
  failure: unknown;

  constructor(private readonly syncer: WalSyncer) {}

  /**
   * A batch was committed (`first`: its first position, undefined when it wrote nothing): `publish`
   * runs once a sync after it has finished, in commit order; `fail` if that sync failed.
   */
  committed(first: number | undefined, publish: () => void, fail: (error: unknown) => void): void {
    if (first !== undefined) this.unsynced.push(first);
    this.syncer.sync().then(
      () => {
        if (first !== undefined) this.unsynced.shift();
        publish();
      },
      (error: unknown) => {
        // Its events stay hidden from the readers: they may never reach the disk.
        this.failure ??= error;
        fail(error);
      },
    );
  }

  /** The last position readers may see: everything before the first commit not yet synced. */
  visibleUpTo(): number {
    return this.unsynced.length > 0 ? this.unsynced[0]! - 1 : Number.POSITIVE_INFINITY;
  }

  /** `rows` (ascending positions first) without those past visibleUpTo(). */
  visible<R extends { 0: number }>(rows: R[]): R[] {
    const upTo = this.visibleUpTo();
    if (rows.length === 0 || rows[rows.length - 1]![0] <= upTo) return rows;
    return rows.filter((row) => row[0] <= upTo);
  }

  /** Waits for the syncs in flight, then closes the WAL's descriptor. */
  async close(): Promise<void> {
    await this.syncer.idle();
    this.syncer.close();
  }
}
