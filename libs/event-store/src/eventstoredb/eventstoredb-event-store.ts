import { randomUUID } from 'node:crypto';
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
import { atendeRegistry, batched } from '@atende/events';
import { appendEvents, type AppendContext } from './append-events.js';
import { EsdbClaimBackend } from './claim-streams.js';
import { connectEsdb, readStreamEvents, type EsdbClient } from './client.js';
import { WorkspaceErasures } from './erasures.js';
import { EventIdClaims } from './event-id-claims.js';
import { decodeRecorded } from './event-codec.js';
import { pagesFrom, readLastGlobalPosition } from './log-pages.js';
import { subscribeToLog, type SubscriptionContext } from './log-subscription.js';
import { StreamNames, assertStreamId } from './names.js';
import { eraseWorkspace } from './workspace-erasure.js';

export interface EventStoreDbEventStoreOptions {
  /** e.g. `esdb://localhost:2113?tls=false`. Required unless `client` is given. */
  connectionString?: string;
  /** A client to use instead of connecting (tests); the store disposes it on close. */
  client?: EsdbClient;
  /** Prefix of every stream of this store; reads of the log only see their namespace. Default ''. */
  namespace?: string;
  /** Event types to accept and parse; default every Atende event. */
  registry?: EventRegistry;
  /** See EventIdClaimsOptions.claimTimeoutMs; default 30 s. */
  claimTimeoutMs?: number;
}

/** Records read per round trip when scanning the log for a workspace's events. */
const ERASURE_SCAN_PAGE = 1000;

/**
 * Event store on EventStoreDB (gRPC client 6.x, server ≥ 22.6). Our streams are EventStoreDB
 * streams (optionally under a namespace prefix), stream positions are revisions, and global
 * positions are derived from `$all` log positions (positions.ts). Idempotency by event id across
 * streams uses per-id claim streams (event-id-claims.ts). Events are JSON; the envelope metadata is
 * the event's JSON metadata (event-codec.ts). Erased workspaces are recorded in an erasure stream
 * that every read filters by (erasures.ts, workspace-erasure.ts). Appends are in append-events.ts,
 * reads of the log in log-pages.ts and live subscriptions in log-subscription.ts.
 */
export class EventStoreDbEventStore implements EventStore {
  private readonly registry: EventRegistry;
  private readonly names: StreamNames;
  private readonly claimBackend: EsdbClaimBackend;
  private readonly claims: EventIdClaims;
  private readonly erasures: WorkspaceErasures;
  private readonly connecting: Promise<EsdbClient>;
  private readonly closing = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;
  /** What appends, reads of the log and subscriptions work with (this store's own parts). */
  private readonly context: AppendContext & SubscriptionContext;

  constructor(options: EventStoreDbEventStoreOptions) {
    if (!options.client && !options.connectionString) {
      throw new TypeError('EventStoreDbEventStore needs a connectionString (or a client)');
    }
    this.registry = options.registry ?? atendeRegistry;
    this.names = new StreamNames(options.namespace ?? '');
    this.connecting = options.client
      ? Promise.resolve(options.client)
      : connectEsdb(options.connectionString!);
    this.connecting.catch(() => {}); // reported by the first call that needs the client
    this.claimBackend = new EsdbClaimBackend(() => this.client(), this.names);
    this.claims = new EventIdClaims(this.claimBackend, {
      owner: randomUUID(),
      ...(options.claimTimeoutMs !== undefined ? { claimTimeoutMs: options.claimTimeoutMs } : {}),
    });
    this.erasures = new WorkspaceErasures(() => this.client(), this.names.erasures());
    this.context = {
      client: () => this.client(),
      names: this.names,
      erasures: this.erasures,
      assertOpen: () => this.assertOpen(),
      claims: this.claims,
      claimBackend: this.claimBackend,
      closing: this.closing.signal,
      parse: (raw, trusted) => this.parse(raw, trusted),
    };
  }

  private client(): Promise<EsdbClient> {
    return this.connecting;
  }

  private assertOpen(): void {
    if (this.closed) throw new Error('Event store is closed');
  }

  appendToStream(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    let append: Promise<AppendResult>;
    try {
      this.assertOpen();
      // Validate before anything reaches the server: a bad event writes nothing (no claim either).
      assertStreamId(streamId);
      for (const event of events) this.registry.assertValid(event);
      append = appendEvents(this.context, streamId, events, options);
    } catch (error) {
      return Promise.reject(error);
    }
    return this.track(append);
  }

  /** Keeps a write in the set `close` waits for. */
  private track<T>(write: Promise<T>): Promise<T> {
    this.inFlight.add(write);
    const forget = () => this.inFlight.delete(write);
    write.then(forget, forget);
    return write;
  }

  private parse<E extends DomainEvent = DomainEvent>(raw: RawStoredEvent, trusted: boolean): StoredEvent<E> {
    return this.registry.parse<E>(raw, { trusted });
  }

  async readStream<E extends DomainEvent = DomainEvent>(
    streamId: string,
    options: ReadStreamOptions = {},
  ): Promise<StoredEvent<E>[]> {
    this.assertOpen();
    try {
      assertStreamId(streamId);
    } catch {
      return []; // nothing can have been written there
    }
    const from = Math.max(0, Math.floor(options.fromStreamPosition ?? 0)) || 0;
    // Erasures hide most erased events from the stream itself; the rest (erased after a kept event,
    // or by an erasure still under way) are filtered here.
    const [events] = await Promise.all([
      readStreamEvents(await this.client(), this.names.toEsdb(streamId), {
        direction: 'forwards',
        fromRevision: BigInt(from),
      }),
      this.erasures.refresh(),
    ]);
    const trusted = options.trusted ?? false;
    const out: StoredEvent<E>[] = [];
    for (const event of events) {
      const raw = decodeRecorded(event, this.names);
      if (raw && !this.erasures.isErased(raw)) out.push(this.parse<E>(raw, trusted));
    }
    return out;
  }

  async *readAll(fromGlobalPosition = 1, options: ReadAllOptions = {}): AsyncGenerator<StoredEvent> {
    const trusted = options.trusted ?? false;
    for await (const page of pagesFrom(this.context, fromGlobalPosition, options.batchSize ?? 500)) {
      for (const raw of page) yield this.parse(raw, trusted);
    }
  }

  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options: Pick<ReadAllOptions, 'trusted'> = {},
  ): AsyncGenerator<StoredEvent[]> {
    const trusted = options.trusted ?? false;
    for await (const page of pagesFrom(this.context, fromGlobalPosition, pageSize)) {
      yield page.map((raw) => this.parse(raw, trusted));
    }
  }

  async readBatch(
    fromGlobalPosition: number,
    limit: number,
    options: Pick<ReadAllOptions, 'trusted'> = {},
  ): Promise<StoredEvent[]> {
    this.assertOpen();
    const trusted = options.trusted ?? false;
    const out: StoredEvent[] = [];
    if (!(limit >= 1)) return out;
    for await (const page of pagesFrom(this.context, fromGlobalPosition, limit)) {
      for (const raw of page) {
        out.push(this.parse(raw, trusted));
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** subscribe, grouped into pages of what arrived together. */
  subscribePages(fromGlobalPosition = 1, options: SubscribeOptions = {}): AsyncIterable<StoredEvent[]> {
    return batched(this.subscribe(fromGlobalPosition, options), options.batchSize ?? 500);
  }

  /** See log-subscription.ts. */
  subscribe(fromGlobalPosition = 1, options: SubscribeOptions = {}): AsyncGenerator<StoredEvent> {
    return subscribeToLog(this.context, fromGlobalPosition, options);
  }

  /** See workspace-erasure.ts. Waited for by `close`, as appends are. */
  eraseWorkspace(workspaceId: string, options: EraseWorkspaceOptions): Promise<EraseWorkspaceResult> {
    try {
      this.assertOpen();
    } catch (error) {
      return Promise.reject(error);
    }
    const context = {
      client: () => this.client(),
      names: this.names,
      erasures: this.erasures,
      claims: this.claimBackend,
      pages: (from: number) => pagesFrom(this.context, from, ERASURE_SCAN_PAGE, { forErasure: true }),
    };
    return this.track(
      eraseWorkspace(context, workspaceId, options.keepTypes, options.keepStreams).then((erased) => ({
        erased,
      })),
    );
  }

  lastGlobalPosition(): Promise<number> {
    return readLastGlobalPosition(this.context);
  }

  /** Ends subscriptions, waits for appends in flight, then closes the connection. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    await Promise.allSettled([...this.inFlight]);
    try {
      await (await this.connecting).dispose();
    } catch {
      // never connected: nothing to close
    }
  }
}

export function createEventStoreDbEventStore(options: EventStoreDbEventStoreOptions): EventStoreDbEventStore {
  return new EventStoreDbEventStore(options);
}
