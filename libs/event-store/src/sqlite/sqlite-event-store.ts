import { EventEmitter } from 'node:events';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type {
  AppendOptions,
  AppendResult,
  DomainEvent,
  EraseWorkspaceOptions,
  EraseWorkspaceResult,
  EventRegistry,
  EventStore,
  NewEvent,
  RawStoredEvent,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
} from '@atende/events';
import { atendeRegistry } from '@atende/events';
import { applyAppend, type PendingAppend } from './append-rows.js';
import { deleteWorkspaceRows } from './erase-workspace-rows.js';
import { readPagesInWorker } from './start-page-reader.js';
import { RecentEvents } from './recent-events.js';
import { SCHEMA_SQL, metadataOfRow, type EventRow, type EventRowArray } from './schema.js';
import { prepareStatements, type EventStatements } from './statements.js';
import { SqliteSnapshotStore } from './sqlite-snapshot-store.js';
import { eventsOfPages } from '../stored-events.js';
import { checkpointInBackground, type WalCheckpointer } from './wal-checkpointer.js';
import { SyncedCommits, WalSyncer, type SyncFile } from './wal-syncer.js';

export interface SqliteEventStoreOptions {
  /** Database file, or ':memory:'. Its folder is created when missing. */
  filename: string;
  /** Event types to accept and parse; default every Atende event. */
  registry?: EventRegistry;
  /** 'full' (default) fsyncs each commit; 'normal' survives a process crash but not a power cut. */
  synchronous?: 'full' | 'normal';
  /** How often a live subscription looks for events written by other processes; default 50 ms. */
  pollIntervalMs?: number;
  /** How long a writer waits for another process's write lock; default 5000 ms. */
  busyTimeoutMs?: number;
  /**
   * Checkpoint the WAL from a thread of its own (wal-checkpointer.ts) instead of inside commits, so
   * a commit never holds the event loop for the copy; a file only. Default false.
   */
  checkpointInBackground?: boolean;
  /**
   * With `synchronous: 'full'` and `checkpointInBackground`: commits hand their pages to the OS
   * without syncing (NORMAL: only a restarted WAL's header is synced in the commit) and the WAL is
   * synced on libuv's thread pool (wal-syncer.ts), so the event loop never waits on the disk; an
   * append resolves, and its events reach this process's readers of the log, only once a sync after
   * its commit has finished. The durability of 'full', for a file only this process appends to
   * (another process's readers could see an event before it is on disk).
   * Default false.
   */
  syncInBackground?: boolean;
  /** How the WAL is synced when `syncInBackground` (tests slow it down); default fdatasync. */
  syncFile?: SyncFile;
}

const MAX_STREAM_ID_LENGTH = 300;
/**
 * Resolves on the event loop's next turn. A subscriber catching up gets page after page with no I/O
 * to wait on: without this, timers, requests and sockets would wait for the whole replay (seconds
 * after a cold start).
 */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Event store on one SQLite file (WAL). Appends issued in the same tick share one transaction
 * (group commit; each append is checked before it writes), so many concurrent writers cost one fsync.
 */
export class SqliteEventStore implements EventStore {
  private readonly db: Database.Database;
  private readonly registry: EventRegistry;
  private readonly pollIntervalMs: number;
  private readonly appended = new EventEmitter();
  private recent = new RecentEvents();
  /** Events written by the transaction in progress (kept only once it commits). */
  private writing: RawStoredEvent[] = [];
  private queue: PendingAppend[] = [];
  private flushScheduled = false;
  private closed = false;
  private readonly filename: string;
  private readonly stmt: EventStatements;
  private readonly checkpointer: WalCheckpointer | undefined;
  /** What is committed but not yet synced (`syncInBackground`). */
  private readonly synced: SyncedCommits | undefined;
  /** Erasures so far: a batch committed before one must not reach `recent` after it. */
  private erasures = 0;
  readonly snapshots: SqliteSnapshotStore;

  constructor(options: SqliteEventStoreOptions) {
    const onFile = options.filename !== ':memory:';
    if (onFile) mkdirSync(path.dirname(path.resolve(options.filename)), { recursive: true });
    this.filename = onFile ? path.resolve(options.filename) : ':memory:';
    this.db = new Database(options.filename);
    this.db.pragma('journal_mode = WAL');
    const syncInBackground =
      onFile &&
      options.syncInBackground &&
      options.checkpointInBackground &&
      options.synchronous !== 'normal';
    // Synced in the background, commits run with NORMAL: in WAL mode it syncs nothing in a commit
    // (checkpoints are the thread's) except the WAL's new header when a commit starts the WAL over,
    // which must be on disk before frames written over the old ones (with OFF, a power cut right
    // after a restart could leave a WAL whose old frames are replayed over newer pages: SQLite's
    // ticket ff5be73dee). The pinned checkpoint thread keeps restarts rare.
    this.db.pragma(
      `synchronous = ${options.synchronous === 'normal' || syncInBackground ? 'NORMAL' : 'FULL'}`,
    );
    this.db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`);
    // Checkpoint the WAL every ~40 MB instead of ~4 MB: busy ingest then copies pages back to the
    // database file (and syncs it) ten times less often; appends measured ~25 % faster.
    this.db.pragma('wal_autocheckpoint = 10000');
    this.db.exec(SCHEMA_SQL);
    if (options.checkpointInBackground && onFile) {
      this.checkpointer = checkpointInBackground(this.db, this.filename);
    }
    if (syncInBackground)
      this.synced = new SyncedCommits(new WalSyncer(`${this.filename}-wal`, options.syncFile));
    this.registry = options.registry ?? atendeRegistry;
    this.pollIntervalMs = options.pollIntervalMs ?? 50;
    this.appended.setMaxListeners(0);
    this.stmt = prepareStatements(this.db);
    this.snapshots = new SqliteSnapshotStore(this.db);
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    if (this.closed) return Promise.reject(new Error('Event store is closed'));
    if (this.synced?.failure !== undefined) return Promise.reject(this.synced.failure);
    try {
      // Validate before queueing: a bad event must never reach the transaction.
      if (typeof streamId !== 'string' || streamId.length === 0 || streamId.length > MAX_STREAM_ID_LENGTH) {
        throw new TypeError(`Invalid stream id: ${JSON.stringify(streamId)}`);
      }
      for (const event of events) this.registry.assertValid(event);
    } catch (error) {
      return Promise.reject(error);
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, options, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush(): void {
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    if (batch.length === 0) return;
    const outcomes: Array<{ ok: true; result: AppendResult } | { ok: false; error: unknown }> = [];
    const committed: RawStoredEvent[] = [];
    const applyAll = this.db.transaction(() => {
      for (const pending of batch) {
        this.writing = [];
        try {
          outcomes.push({ ok: true, result: applyAppend(this.stmt, pending, this.writing) });
          committed.push(...this.writing);
        } catch (error) {
          // Refused before writing anything (version, bad input): only this append fails. A failure
          // after a row was written aborts the whole batch: nothing half-written.
          if (this.writing.length > 0) throw error;
          outcomes.push({ ok: false, error });
        }
      }
    });
    try {
      applyAll.immediate();
    } catch (error) {
      // The whole transaction failed (disk full, lock timeout): nothing of the batch was written.
      for (const pending of batch) pending.reject(error);
      return;
    }
    const erasures = this.erasures;
    const publish = () => {
      if (erasures === this.erasures) for (const event of committed) this.recent.add(event);
      let anyWritten = false;
      batch.forEach((pending, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) {
          anyWritten ||= outcome.result.written > 0;
          pending.resolve(outcome.result);
        } else {
          pending.reject(outcome.error);
        }
      });
      if (anyWritten) this.appended.emit('appended');
    };
    if (!this.synced) return publish();
    this.synced.committed(committed[0]?.globalPosition, publish, (error) => {
      for (const pending of batch) pending.reject(error);
    });
  }

  /** `rows` without those readers may not see yet (SyncedCommits). */
  private visible<R extends { 0: number }>(rows: R[]): R[] {
    return this.synced ? this.synced.visible(rows) : rows;
  }

  private toStored<E extends DomainEvent>(row: EventRowArray, trusted = false): StoredEvent<E> {
    return this.rowToStored<E>(row, JSON.parse(row[4]), trusted);
  }

  /** A stored row with its data parsed: by JSON.parse of the column, or with the page that held it. */
  private rowToStored<E extends DomainEvent>(
    row: EventRow<unknown>,
    data: unknown,
    trusted: boolean,
  ): StoredEvent<E> {
    const [globalPosition, streamId, streamPosition, type] = row;
    return this.registry.parse<E>(
      { type, data, metadata: metadataOfRow(row), streamId, streamPosition, globalPosition },
      { trusted },
    );
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<StoredEvent<E>[]> {
    this.assertOpen();
    const trusted = options.trusted ?? false;
    return this.stmt.readStream
      .all(streamId, Math.max(0, options.fromStreamPosition ?? 0))
      .map((row) => this.toStored<E>(row, trusted));
  }

  /**
   * Pages of the log for bulk replays. On a file, a worker thread reads and encodes the next page
   * while the caller works on the current one; in memory it reads page by page on this thread.
   */
  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options: ReadAllOptions = {},
  ): AsyncGenerator<StoredEvent[]> {
    const trusted = options.trusted ?? false;
    if (this.filename === ':memory:') {
      for (let position = Math.max(1, fromGlobalPosition); ;) {
        const batch = await this.readBatch(position, pageSize, options);
        if (batch.length === 0) return;
        yield batch;
        position = batch[batch.length - 1]!.globalPosition + 1;
      }
    }
    for await (const page of readPagesInWorker({
      filename: this.filename,
      from: Math.max(1, fromGlobalPosition),
      pageSize,
    })) {
      const rows = this.visible(page);
      if (rows.length > 0) yield rows.map((row) => this.rowToStored(row, row[4], trusted));
      if (rows.length < page.length) return; // the rest is not on disk yet: the caller follows on
    }
  }

  async readBatch(
    fromGlobalPosition: number,
    limit: number,
    options: ReadAllOptions = {},
  ): Promise<StoredEvent[]> {
    this.assertOpen();
    const trusted = options.trusted ?? false;
    return this.visible(this.stmt.readAll.all(Math.max(1, fromGlobalPosition), limit)).map((row) =>
      this.toStored(row, trusted),
    );
  }

  async *readAll(fromGlobalPosition = 1, options: ReadAllOptions = {}): AsyncGenerator<StoredEvent> {
    const batchSize = options.batchSize ?? 500;
    const trusted = options.trusted ?? false;
    let position = Math.max(1, fromGlobalPosition);
    for (;;) {
      this.assertOpen();
      const rows = this.visible(this.stmt.readAll.all(position, batchSize));
      for (const row of rows) yield this.toStored(row, trusted);
      if (rows.length < batchSize) return;
      position = rows[rows.length - 1]![0] + 1;
    }
  }

  subscribe(fromGlobalPosition = 1, options: SubscribeOptions = {}): AsyncGenerator<StoredEvent> {
    return eventsOfPages(this.subscribePages(fromGlobalPosition, options), options.signal);
  }

  async *subscribePages(
    fromGlobalPosition = 1,
    options: SubscribeOptions = {},
  ): AsyncGenerator<StoredEvent[]> {
    const batchSize = options.batchSize ?? 500;
    const trusted = options.trusted ?? false;
    const signal = options.signal;
    let position = Math.max(1, fromGlobalPosition);
    while (!signal?.aborted && !this.closed) {
      // What this process just appended comes from memory; anything else from the file.
      const recent = this.recent.from(position, batchSize);
      if (recent) {
        position = recent[recent.length - 1]!.globalPosition + 1;
        yield recent.map((raw) => this.registry.parse(raw, { trusted }));
        if (recent.length >= batchSize) await nextTurn(); // full: more may follow at once
        continue;
      }
      const rows = this.visible(this.stmt.readAll.all(position, batchSize));
      if (rows.length > 0) {
        position = rows[rows.length - 1]![0] + 1;
        yield rows.map((row) => this.toStored(row, trusted));
      }
      if (rows.length < batchSize) await this.waitForAppend(signal);
      else await nextTurn();
    }
  }

  /** Resolves on an append in this process, after the poll interval (other processes), or on abort. */
  private waitForAppend(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.appended.off('appended', done);
        this.appended.off('closed', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.appended.once('appended', done);
      this.appended.once('closed', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /**
   * Deletes the workspace's events in one transaction (a failure erases nothing), with SQLite's
   * secure_delete on so the freed pages are zeroed (erase-workspace-rows.ts), then checkpoints the WAL
   * so no copy of the old pages outlives the erasure in the journal.
   */
  async eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult> {
    this.assertOpen();
    if (this.queue.length > 0) this.flush(); // appends already accepted are written (then erased) first
    // The erasure is synced in its commit, before its TRUNCATE checkpoint lets go of the old pages.
    if (this.synced) this.db.pragma('synchronous = FULL');
    try {
      const erased = deleteWorkspaceRows(this.db, workspaceId, options);
      if (erased > 0) {
        this.erasures += 1;
        this.recent = new RecentEvents(); // it may hold some of them
        const truncate = () => this.db.pragma('wal_checkpoint(TRUNCATE)');
        if (this.checkpointer) this.checkpointer.unpinned(truncate);
        else if (this.filename !== ':memory:') truncate();
      }
      return { erased };
    } finally {
      if (this.synced) this.db.pragma('synchronous = NORMAL');
    }
  }

  async lastGlobalPosition(): Promise<number> {
    this.assertOpen();
    return Math.min(this.stmt.lastPosition.get()?.p ?? 0, this.synced?.visibleUpTo() ?? Infinity);
  }

  /** Waits for queued appends, then closes the file. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.queue.length > 0) this.flush();
    this.closed = true;
    this.appended.emit('closed');
    await this.synced?.close(); // what was accepted is on disk before the file closes
    // The thread's connection first: closing the last one checkpoints what is left and removes the WAL.
    await this.checkpointer?.stop();
    this.db.close();
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }
}

export function createSqliteEventStore(options: SqliteEventStoreOptions): SqliteEventStore {
  return new SqliteEventStore(options);
}
