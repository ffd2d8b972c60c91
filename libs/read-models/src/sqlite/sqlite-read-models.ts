import Database from 'better-sqlite3';
import type { ProjectionView, ProjectionWriter, ReadModels, RebuildTarget } from '@atende/events';
import { plainDocCodec, sealedDocCodecKey, type DocCodec } from '../doc-codec.js';
import { DocCache } from '../doc-cache.js';
import { CommitThread } from './commit-thread.js';
import { GroupCommit, type Commits } from './group-commit.js';
import { Docs, SqliteView, SqliteWriter } from './sqlite-view.js';
import { ReadModelStatements, type Space } from './statements.js';

/**
 * Decoded documents kept per version, at most (a cache: the file is the truth). Enough for 10,000
 * customers writing in turn (bench:memory): at 5,000 each of their messages read its conversation's
 * documents from the file again, −17–20 % msg/s, for ≈12 MB less heap.
 */
const DOC_CACHE_LIMIT = 20_000;
/**
 * A rebuild's version starts empty and only the rebuild writes it: while all it wrote is cached, a
 * document not in the cache does not exist and is not looked up. Bounded by count and by heap.
 */
const REBUILD_CACHE = { limit: 250_000, heapShare: 0.4 };
/** Rows of a retired version deleted per table and step: each step is short, the loop stays free. */
const SWEEP_ROWS = 2000;

/** The embedded read models' file in DATA_DIR (EMBEDDED_READ_MODELS=sqlite). */
export const SQLITE_READ_MODELS_FILE = 'read-models.db';

export interface SqliteReadModelsOptions {
  /** The database file (its own, beside the event log: e.g. DATA_DIR/read-models.db); ':memory:' in tests. */
  filename: string;
  /** How documents are stored (sealed at rest in the product); default plain JSON. */
  codec?: DocCodec;
  /**
   * Which code makes each projection (a hash of its source): noted with every version a rebuild
   * writes, so a start can tell the versions other code made (`outdated`) and rebuild them.
   */
  codeVersions?: ReadonlyMap<string, string>;
  /** SQLite's synchronous pragma; default 'normal' (WAL: a power cut loses at most the last batches, never consistency). */
  synchronous?: 'full' | 'normal';
  /**
   * Checkpoint the WAL from a thread instead of inside commits (the event store's
   * `checkpointInBackground`); a file only. Default: the commits do it.
   */
  backgroundCheckpoint?: BackgroundCheckpoint;
  /**
   * Commit in a worker thread with a connection of its own (a file only): the main thread applies
   * the projections and hands over each turn's rows as JSON; sealing, inserting and committing them
   * take another core's time; with `backgroundCheckpoint`, its connection leaves the WAL checkpoints
   * to that thread too.
   * Default: commits run in the calling thread.
   */
  writerThread?: boolean;
}

/** SQLite's page cache of the connection that writes: the inbox's index pages stay in memory. */
const WRITER_CACHE_SIZE = -16384;
/**
 * Of the main thread's connection when the writer thread writes: every commit of the other
 * connection empties it (WAL), so it holds only what the reads between two commits use.
 */
const READER_CACHE_SIZE = -2048;
/** A write of one connection waits at most this long for the other's to end. */
const BUSY_TIMEOUT_MS = 10_000;

/** Leaves a connection's WAL checkpoints to a thread; stop() before the connection closes. */
export type BackgroundCheckpoint = (db: Database.Database, filename: string) => { stop(): Promise<void> };

/**
 * Read models in a SQLite file (embedded mode): memory bounded by what is read, not by the history,
 * and each projection's checkpoint committed in the same transaction as its rows, so a crash at any
 * point restarts from the last committed batch, nothing applied twice, nothing lost. Every version
 * of a projection is a key space of its own in the same tables (`projection@version`); a rebuild
 * writes a new version while the serving one serves, and activation switches the serving version
 * and drops the old rows in one transaction.
 */
export class SqliteReadModels implements ReadModels {
  private readonly db: Database.Database;
  private readonly sql: ReadModelStatements;
  private readonly codec: DocCodec;
  /** Serving version of each projection (the table is the truth; this spares a read per call). */
  private readonly serving = new Map<string, number>();
  /**
   * Documents as read or written, decoded, per version: a batch that reads what the one before wrote
   * (a conversation's next message) neither decrypts nor parses it again. Only this process writes
   * the file, through commit, which updates the cache.
   */
  private readonly opened = new Map<Space, Docs>();
  /** Each version's checkpoint as the last commit left it (WriterOptions.checkpoints). */
  private readonly checkpoints = new Map<Space, number>();
  private readonly codeVersions: ReadonlyMap<string, string>;
  /** Versions a rebuild of this process is writing (every other version not serving is retired). */
  private readonly building = new Set<Space>();
  private sweeping: Promise<void> | undefined;
  private closing = false;
  private readonly commits: Commits;
  /** A document as the commits take it: encoded here, or JSON the writer thread seals. */
  private readonly text: (doc: unknown) => string;
  private readonly checkpointer: { stop(): Promise<void> } | undefined;

  constructor(options: SqliteReadModelsOptions) {
    const threaded = options.writerThread === true && options.filename !== ':memory:';
    const synchronous = options.synchronous ?? 'normal';
    this.db = new Database(options.filename, { timeout: BUSY_TIMEOUT_MS });
    this.db.pragma('journal_mode = WAL');
    this.db.pragma(`synchronous = ${synchronous}`);
    // 16 MB of pages: the inbox's index pages stay in memory; documents are cached decoded (Docs).
    // 64 MB held ≈50 MB more RSS after 300k messages (bench:memory); bench:ingest could not tell them apart.
    this.db.pragma(`cache_size = ${threaded ? READER_CACHE_SIZE : WRITER_CACHE_SIZE}`);
    this.sql = new ReadModelStatements(this.db);
    // After the schema: the thread's first read of a new file recovers its WAL index under the write lock.
    if (options.backgroundCheckpoint && options.filename !== ':memory:') {
      this.checkpointer = options.backgroundCheckpoint(this.db, options.filename);
    }
    this.codec = options.codec ?? plainDocCodec;
    const sealKey = threaded ? sealedDocCodecKey(this.codec) : undefined;
    this.commits = threaded
      ? new CommitThread({
          filename: options.filename,
          synchronous,
          cacheSize: WRITER_CACHE_SIZE,
          busyTimeoutMs: BUSY_TIMEOUT_MS,
          // The threshold the checkpoint thread set (a checkpoint in a commit holds the commits up).
          walAutocheckpoint: this.db.pragma('wal_autocheckpoint', { simple: true }) as number,
          ...(sealKey ? { sealKey } : {}),
        })
      : new GroupCommit(this.db, this.sql);
    // The writer thread seals with a sealed codec's key; any other codec encodes here.
    const codec = this.codec;
    this.text = sealKey ? (doc) => JSON.stringify(doc) : (doc) => codec.encode(doc);
    this.codeVersions = options.codeVersions ?? new Map();
    for (const { projection, version } of this.sql.servingVersions()) this.serving.set(projection, version);
    // Left by a rebuild that crashed, or replaced by a switch the process stopped before deleting.
    this.sweepRetired();
  }

  /**
   * Deletes, a few thousand rows at a time between other work, the versions nothing reads any more:
   * the one a switch replaced (a million rows deleted in one go would stall the inbox for seconds)
   * and a discarded rebuild's.
   */
  private sweepRetired(): void {
    if (this.sweeping || !this.db.open || this.closing) return;
    this.sweeping = this.sweepSteps();
  }

  private async sweepSteps(): Promise<void> {
    try {
      for (;;) {
        await new Promise((resolve) => setImmediate(resolve));
        const retired = this.db.open && !this.closing ? this.retiredSpace() : undefined;
        if (!retired) return;
        await this.commits.sweep(retired, SWEEP_ROWS);
      }
    } catch {
      // The file is busy or closing: the next retirement, or the next start, sweeps again.
    } finally {
      this.sweeping = undefined; // with the check that found nothing, in one step: none is missed
    }
  }

  /** A version with rows that neither serves nor is being rebuilt. */
  private retiredSpace(): Space | undefined {
    // A projection never rebuilt serves its version 0 (it has no row in rm_projections).
    const serves = (space: Space) => this.servingSpace(space.slice(0, space.lastIndexOf('@'))) === space;
    return this.sql.spaces().find((space) => !serves(space) && !this.building.has(space));
  }

  /** Resolves once no retired version is left (tests, and a stop that wants a compact file). */
  async swept(): Promise<void> {
    while (this.sweeping) await this.sweeping;
  }

  /** The key space the projection serves from. */
  private servingSpace(projection: string): Space {
    return `${projection}@${this.serving.get(projection) ?? 0}`;
  }

  private docs(space: Space): Docs {
    let docs = this.opened.get(space);
    if (!docs) {
      docs = new Docs(this.sql, this.codec, space, new DocCache(DOC_CACHE_LIMIT));
      this.opened.set(space, docs);
    }
    return docs;
  }

  /** The documents of a version a rebuild just created, empty. */
  private openEmpty(space: Space): void {
    const cache = new DocCache(REBUILD_CACHE.limit, REBUILD_CACHE.heapShare);
    cache.startEmpty();
    this.opened.set(space, new Docs(this.sql, this.codec, space, cache));
  }

  private forget(space: Space): void {
    this.opened.delete(space);
    this.checkpoints.delete(space);
  }

  view(projection: string): ProjectionView {
    return new SqliteView(
      this.sql,
      (space) => this.docs(space),
      () => this.servingSpace(projection),
    );
  }

  writer(projection: string): ProjectionWriter {
    return this.writerInto(projection, () => this.servingSpace(projection), true);
  }

  /** A writer of `projection` into the version `space()` names when a batch begins. */
  private writerInto(projection: string, space: () => Space, serving: boolean): SqliteWriter {
    return new SqliteWriter(this.sql, (s) => this.docs(s), space, {
      projection,
      serving,
      commits: this.commits,
      checkpoints: this.checkpoints,
      text: this.text,
    });
  }

  async beginRebuild(projection: string): Promise<RebuildTarget> {
    const version = this.sql.nextVersion(projection);
    const space: Space = `${projection}@${version}`;
    this.building.add(space);
    this.openEmpty(space);
    const code = this.codeVersions.get(projection);
    if (code !== undefined) this.sql.setCodeVersion(space, code);
    const writer = this.writerInto(projection, () => space, false);
    let done = false;
    return Object.assign(writer, {
      activate: async () => {
        if (done) throw new Error('Rebuild already finished');
        const old = this.servingSpace(projection);
        await this.commits.activate({ projection, version, old, space });
        done = true;
        this.serving.set(projection, version);
        this.building.delete(space);
        this.forget(old);
        this.forget(space); // served from now on: with the bounded cache of a serving version
        this.sweepRetired();
      },
      discard: async () => {
        done = true;
        this.building.delete(space);
        this.forget(space);
        // Nothing committed: only its notes to drop; otherwise its rows go a few thousand at a time.
        if (this.sql.spaces().includes(space)) this.sweepRetired();
        else this.sql.dropSpace(space);
      },
    });
  }

  /**
   * The projections (of `codeVersions`) whose serving version other code made: they serve until a
   * rebuild by this code switches in. A version nothing was written to yet (a new projection, or
   * one the live projector is about to fill from the start) is noted as this code's.
   */
  outdated(): string[] {
    const outdated: string[] = [];
    for (const [projection, code] of this.codeVersions) {
      const space = this.servingSpace(projection);
      const madeBy = this.sql.codeVersion(space);
      if (madeBy === code) continue;
      if (madeBy === undefined && this.sql.checkpoint(space) === 0) this.sql.setCodeVersion(space, code);
      else outdated.push(projection);
    }
    return outdated;
  }

  /**
   * What the owner notes beside the data (which code made it, which log it follows): read at start
   * to tell whether the stored read models can be served.
   */
  meta(key: string): string | undefined {
    return this.sql.meta(key);
  }

  setMeta(key: string, value: string): void {
    this.sql.setMeta(key, value);
  }

  /** The furthest position of the log any version has applied (past the log's end: another log). */
  furthestCheckpoint(): number {
    return this.sql.furthestCheckpoint();
  }

  /** Empties every projection (code changed, another log): the caller rebuilds them from the log. */
  clear(): void {
    this.db.transaction(() => this.sql.dropAll())();
    this.serving.clear();
    this.opened.clear();
    this.checkpoints.clear();
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get();
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.sweeping?.catch(() => undefined); // a sweep under way ends first: a step is short
    if (this.db.open) await this.commits.close();
    // The thread's connection first: closing the last one checkpoints what is left and removes the WAL.
    await this.checkpointer?.stop();
    if (this.db.open) this.db.close();
  }
}
