import type { Pool } from 'pg';
import type {
  AppendOptions,
  AppendResult,
  DomainEvent,
  EraseWorkspaceOptions,
  EraseWorkspaceResult,
  EventRegistry,
  EventStore,
  NewEvent,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
} from '@atende/events';
import { atendeRegistry } from '@atende/events';
import { AppendSignal } from './append-signal.js';
import { GroupCommitter } from './group-commit.js';
import { schemaOnce } from './ensure-schema.js';
import { eraseWorkspaceEvents } from './erase-workspace.js';
import { DEFAULT_SCHEMA, assertSchemaName } from './names.js';
import { eventStoreSql, rawEventOfRow, type EventStoreSql, type PgEventRow } from './schema.js';
import { inWriteTransaction } from './write-transaction.js';
import { eventsOfPages } from '../stored-events.js';
import { openPool } from './open-pool.js';

export interface PostgresEventStoreOptions {
  /** e.g. `postgres://user:password@host:5432/database`. */
  connectionString: string;
  /** PostgreSQL schema of the tables (several deployments or test runs on one database); default `atende`. */
  schema?: string;
  /** Event types to accept and parse; default every Atende event. */
  registry?: EventRegistry;
  /**
   * How often a live subscription reads the log when no notification came (LISTEN/NOTIFY is the
   * usual wake-up; this is the fallback); default 500 ms.
   */
  pollIntervalMs?: number;
  /** Connections of the pool (plus one for LISTEN once something subscribes); default 10. */
  maxConnections?: number;
  /** As shown in pg_stat_activity; default `atende-event-store`. */
  applicationName?: string;
}

const MAX_STREAM_ID_LENGTH = 300;

/** The event loop's next turn: a subscriber catching up must not starve timers and sockets. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Event store on PostgreSQL. The tables are created on first use (in `schema`).
 *
 * Global positions readers can trust: every append runs in a transaction that first takes the
 * schema's advisory lock (`pg_advisory_xact_lock`), and only then reads the stream's version and
 * takes its positions from the `log_head` counter. PostgreSQL makes a transaction visible before it
 * releases its locks, so appends commit one after the other in position order: a reader that sees
 * position n sees every position below it, and a follower never has to wait for a hole to fill. The
 * only holes are those erasure leaves. The price is one append transaction at a time per schema.
 */
export class PostgresEventStore implements EventStore {
  private readonly pool: Pool;
  private readonly sql: EventStoreSql;
  private readonly registry: EventRegistry;
  private readonly signal: AppendSignal;
  private readonly appends: GroupCommitter;
  private readonly schema: string;
  private readonly tablesReady: () => Promise<void>;
  private closed = false;

  constructor(options: PostgresEventStoreOptions) {
    this.schema = options.schema ?? DEFAULT_SCHEMA;
    assertSchemaName(this.schema);
    const applicationName = options.applicationName ?? 'atende-event-store';
    this.pool = openPool({
      connectionString: options.connectionString,
      max: options.maxConnections ?? 10,
      application_name: applicationName,
    });
    this.sql = eventStoreSql(this.schema);
    this.appends = new GroupCommitter(this.pool, this.sql);
    this.tablesReady = schemaOnce(this.pool, this.schema, this.sql.probeTable, this.sql.tables);
    this.registry = options.registry ?? atendeRegistry;
    this.signal = new AppendSignal(
      options.connectionString,
      this.sql.channel,
      options.pollIntervalMs ?? 500,
      applicationName,
    );
  }

  /** Creates the tables once per store (again after a failure, e.g. the server was down). */
  private ready(): Promise<void> {
    if (this.closed) return Promise.reject(new Error('Event store is closed'));
    return this.tablesReady();
  }

  async appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    // Validated before any connection is taken: a bad event never reaches the transaction.
    if (typeof streamId !== 'string' || streamId.length === 0 || streamId.length > MAX_STREAM_ID_LENGTH) {
      throw new TypeError(`Invalid stream id: ${JSON.stringify(streamId)}`);
    }
    for (const event of events) this.registry.assertValid(event);
    await this.ready();
    const outcome = await this.appends.append(streamId, events, options.expectedVersion ?? 'any');
    if (outcome.lastPosition !== undefined) this.signal.notify();
    return outcome.result;
  }

  private async readRows(fromGlobalPosition: number, limit: number): Promise<PgEventRow[]> {
    await this.ready();
    return this.queryFrom(fromGlobalPosition, limit);
  }

  /** readRows once the schema is known to exist (no await before the query starts). */
  private async queryFrom(fromGlobalPosition: number, limit: number): Promise<PgEventRow[]> {
    const result = await this.pool.query<PgEventRow>({
      text: this.sql.readFrom,
      values: [Math.max(1, fromGlobalPosition), limit],
      rowMode: 'array',
    });
    return result.rows;
  }

  private toStored<E extends DomainEvent>(row: PgEventRow, trusted: boolean): StoredEvent<E> {
    return this.registry.parse<E>(rawEventOfRow(row), { trusted });
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<StoredEvent<E>[]> {
    await this.ready();
    const trusted = options.trusted ?? false;
    const result = await this.pool.query<PgEventRow>({
      text: this.sql.readStream,
      values: [streamId, Math.max(0, options.fromStreamPosition ?? 0)],
      rowMode: 'array',
    });
    return result.rows.map((row) => this.toStored<E>(row, trusted));
  }

  async readBatch(
    fromGlobalPosition: number,
    limit: number,
    options: ReadAllOptions = {},
  ): Promise<StoredEvent[]> {
    const trusted = options.trusted ?? false;
    return (await this.readRows(fromGlobalPosition, limit)).map((row) => this.toStored(row, trusted));
  }

  async *readAll(fromGlobalPosition = 1, options: ReadAllOptions = {}): AsyncGenerator<StoredEvent> {
    const batchSize = options.batchSize ?? 500;
    for await (const page of this.readPages(fromGlobalPosition, batchSize, options)) yield* page;
  }

  /** Pages of the log; the next page is read while the caller works on the current one. */
  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options: ReadAllOptions = {},
  ): AsyncGenerator<StoredEvent[]> {
    const trusted = options.trusted ?? false;
    const empty = Promise.resolve<PgEventRow[]>([]);
    let next = this.readRows(fromGlobalPosition, pageSize);
    try {
      for (;;) {
        const rows = await next;
        if (rows.length === 0) return;
        next =
          rows.length < pageSize ? empty : this.readRows(Number(rows[rows.length - 1]![0]) + 1, pageSize);
        next.catch(() => {}); // a failure is thrown when the page is awaited, not as an unhandled rejection
        yield rows.map((row) => this.toStored(row, trusted));
      }
    } finally {
      next.catch(() => {});
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
    await this.ready();
    // Listening before the first read: an append committed after that read wakes this one up.
    await this.signal.listen();
    let position = Math.max(1, fromGlobalPosition);
    while (!signal?.aborted && !this.closed) {
      const seen = this.signal.seen;
      const rows = await this.queryFrom(position, batchSize);
      if (signal?.aborted) return;
      if (rows.length > 0) {
        position = Number(rows[rows.length - 1]![0]) + 1;
        yield rows.map((row) => this.toStored(row, trusted));
      }
      if (rows.length < batchSize) await this.signal.wait(seen, signal);
      else await nextTurn();
    }
  }

  /**
   * Deletes the workspace's events in one transaction (a failure erases nothing), under the append
   * lock so no append to a stream being emptied interleaves with it.
   */
  async eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult> {
    await this.ready();
    const erased = await inWriteTransaction(this.pool, this.sql.beginWrite, (client) =>
      eraseWorkspaceEvents(client, this.sql, workspaceId, options),
    );
    return { erased };
  }

  async lastGlobalPosition(): Promise<number> {
    await this.ready();
    const result = await this.pool.query<{ last: string }>(this.sql.lastPosition);
    return Number(result.rows[0]!.last);
  }

  /** Ends live subscriptions and the LISTEN connection, then the pool (once running queries finish). */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.signal.close();
    await this.pool.end();
  }
}

/** A PostgreSQL event store; its tables are created in `schema` (default `atende`) on first use. */
export function createPostgresEventStore(options: PostgresEventStoreOptions): PostgresEventStore {
  return new PostgresEventStore(options);
}
