import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type {
  AllStreamRecordedEvent,
  AllStreamResolvedEvent,
  AppendExpectedRevision,
  EventData,
  Filter,
  Position,
  RecordedEvent,
} from '@eventstore/db-client';
import type {
  AppendOptions,
  AppendResult,
  DomainEvent,
  EraseWorkspaceOptions,
  EraseWorkspaceResult,
  EventRegistry,
  ExpectedVersion,
  EventStore,
  NewEvent,
  RawStoredEvent,
  ReadAllOptions,
  ReadStreamOptions,
  StoredEvent,
  SubscribeOptions,
} from '@atende/events';
import { WrongExpectedVersionError, atendeRegistry, batched } from '@atende/events';
import { EsdbClaimBackend } from './claim-streams.js';
import { connectEsdb, readAllEvents, readStreamEvents, type EsdbClient } from './client.js';
import { drainReadable } from './drain-readable.js';
import { WorkspaceErasures } from './erasures.js';
import {
  actualRevisionOf,
  appendDidNotWrite,
  isConflict,
  isStreamDeleted,
  isTransient,
  toWrongExpectedVersion,
} from './errors.js';
import { EventIdClaims } from './event-id-claims.js';
import { decodeRecorded, encodeEvent } from './event-codec.js';
import { fromCurrentRevision, toExpectedRevision } from './expected-version.js';
import { StreamNames, assertStreamId } from './names.js';
import { globalPositionOf, normalizeFrom, readStartFor } from './positions.js';
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

/** Records read per round trip when scanning the log backwards. */
const BACKWARD_PAGE = 500;
/** Events read per round trip when looking for a stream's last event that is not erased. */
const VERSION_PAGE = 20;
/** Records read per round trip when scanning the log for a workspace's events. */
const ERASURE_SCAN_PAGE = 1000;
/** Appends retried past a stream's erased last events (they may keep being erased meanwhile). */
const ERASED_TAIL_RETRIES = 3;
/**
 * How stale a live subscription's view of erasures may get: it reads the erasure record again
 * before handing over an event once this long has passed (a page read does it for every page).
 */
const SUBSCRIPTION_ERASURE_REFRESH_MS = 100;
/** Pause before resubscribing after the server or the connection dropped a subscription. */
const RESUBSCRIBE_DELAY_MS = 250;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * Event store on EventStoreDB (gRPC client 6.x, server ≥ 22.6). Our streams are EventStoreDB
 * streams (optionally under a namespace prefix), stream positions are revisions, and global
 * positions are derived from `$all` log positions (positions.ts). Idempotency by event id across
 * streams uses per-id claim streams (event-id-claims.ts). Events are JSON; the envelope metadata is
 * the event's JSON metadata (event-codec.ts). Erased workspaces are recorded in an erasure stream
 * that every read filters by (erasures.ts, workspace-erasure.ts).
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
      append = this.append(streamId, events, options);
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

  private async append(
    streamId: string,
    events: readonly NewEvent[],
    options: AppendOptions,
  ): Promise<AppendResult> {
    const expected = options.expectedVersion ?? 'any';
    const revision = toExpectedRevision(expected);
    const client = await this.client();
    const stream = this.names.toEsdb(streamId);
    // One write per event id: a repeated id in the batch gets the position of its first occurrence.
    const keys = events.map((event) => event.metadata.eventId.toLowerCase());
    const firstOf = new Map<string, NewEvent>();
    keys.forEach((key, i) => {
      if (!firstOf.has(key)) firstOf.set(key, events[i]!);
    });
    if (firstOf.size === 0) {
      return { nextExpectedVersion: await this.streamVersion(stream), globalPositions: [], written: 0 };
    }

    const { stored, held } = await this.claims.reserve(stream, [...firstOf.keys()]);
    const fresh = [...firstOf.keys()].filter((key) => held.has(key));
    if (fresh.length === 0) {
      // Every event is stored already (a retry): done, whatever the expected version says now.
      return {
        nextExpectedVersion: await this.streamVersion(stream),
        globalPositions: keys.map((key) => stored.get(key)!),
        written: 0,
      };
    }

    let last: bigint;
    try {
      if (revision === null) {
        const actual = fromCurrentRevision(await this.streamVersion(stream));
        throw new WrongExpectedVersionError(streamId, expected, actual);
      }
      const encoded = fresh.map((key) => encodeEvent(firstOf.get(key)!));
      last = await this.write(client, stream, streamId, encoded, expected, revision);
    } catch (error) {
      if (error instanceof WrongExpectedVersionError || appendDidNotWrite(error)) {
        await this.claims.release(held); // nothing was written: the ids are free again
      }
      throw toWrongExpectedVersion(error, streamId, expected) ?? error;
    }

    const written = await this.positionsOf(stream, fresh, last);
    return {
      nextExpectedVersion: Number(last),
      globalPositions: keys.map((key) => stored.get(key) ?? written.get(key)!),
      written: fresh.length,
    };
  }

  /**
   * Appends at the expected revision, and resolves with the last one written. The version callers
   * see is that of the stream's last event that is not erased, while EventStoreDB checks its last
   * event: when the two differ only by erased events, the append is retried at EventStoreDB's
   * revision (exact, so an event appended meanwhile still makes it a conflict).
   */
  private async write(
    client: EsdbClient,
    stream: string,
    streamId: string,
    events: EventData[],
    expected: ExpectedVersion,
    revision: AppendExpectedRevision,
  ): Promise<bigint> {
    for (let retry = 0; ; retry += 1) {
      try {
        return (await client.appendToStream(stream, events, { expectedRevision: revision }))
          .nextExpectedRevision;
      } catch (error) {
        // A stream deleted by an erasure does not exist any more, as far as callers can tell.
        if (expected === 'stream_exists' && isStreamDeleted(error)) {
          throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
        }
        if (!isConflict(error)) throw error;
        const visible = await this.streamVersion(stream);
        const actual = actualRevisionOf(error);
        const wanted = expected === 'no_stream' ? -1 : expected;
        if (
          retry < ERASED_TAIL_RETRIES &&
          wanted === visible &&
          typeof actual === 'bigint' &&
          actual > visible
        ) {
          revision = actual;
          continue;
        }
        throw new WrongExpectedVersionError(streamId, expected, fromCurrentRevision(visible));
      }
    }
  }

  /** Global positions of the events just appended (the last `keys.length` revisions up to `last`). */
  private async positionsOf(
    stream: string,
    keys: readonly string[],
    last: bigint,
  ): Promise<Map<string, number>> {
    const wanted = new Set(keys);
    const first = last - BigInt(keys.length) + 1n;
    const found = new Map<string, number>();
    if (first >= 0n) {
      const events = await readStreamEvents(await this.client(), stream, {
        direction: 'forwards',
        fromRevision: first,
        maxCount: keys.length,
      });
      for (const event of events) {
        const key = event.id.toLowerCase();
        if (wanted.has(key)) found.set(key, globalPositionOf(event.position));
      }
    }
    if (found.size < wanted.size) {
      // EventStoreDB answered an idempotent write with other revisions: look the ids up.
      const missing = new Set(keys.filter((key) => !found.has(key)));
      const more = await this.claimBackend.findStored(stream, missing);
      for (const [key, position] of more) found.set(key, position);
    }
    if (found.size < wanted.size)
      throw new Error(`Appended events not found in EventStoreDB stream ${stream}`);
    return found;
  }

  /** The revision of a stream's last event that is not erased, -1 when it has none. */
  private async streamVersion(stream: string): Promise<number> {
    const client = await this.client();
    const refreshed = this.erasures.refresh(); // alongside the first read
    refreshed.catch(() => {}); // awaited below, unless the read failed first
    let from: bigint | 'end' = 'end';
    for (;;) {
      const events: RecordedEvent[] = await readStreamEvents(client, stream, {
        direction: 'backwards',
        fromRevision: from,
        maxCount: VERSION_PAGE,
      });
      await refreshed;
      for (const event of events) {
        const raw = decodeRecorded(event, this.names);
        if (raw === undefined || !this.erasures.isErased(raw)) return Number(event.revision);
      }
      const oldest = events[events.length - 1];
      if (events.length < VERSION_PAGE || oldest === undefined || oldest.revision === 0n) return -1;
      from = oldest.revision - 1n;
    }
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

  /**
   * Our events at or after `from`, one array per round trip to the server (at most `batch`
   * events; possibly fewer, as system events, other namespaces and erased events are skipped),
   * ascending. Each read after the first starts at the last record read (positions are inclusive)
   * and skips it. The erasure record is read again alongside each page, so an erasure completed
   * before the page was asked for (by any process) is never missed.
   */
  private async *pagesFrom(
    fromGlobalPosition: number,
    batchSize: number,
    /** For an erasure: erased events included, and not stopped by `close` (which waits for it). */
    options: { forErasure?: boolean } = {},
  ): AsyncGenerator<RawStoredEvent[]> {
    const forErasure = options.forErasure ?? false;
    const from = normalizeFrom(fromGlobalPosition);
    const batch = Math.max(1, Math.floor(batchSize) || 1);
    const client = await this.client();
    let start: 'start' | Position = readStartFor(from);
    let readThrough: bigint | undefined; // records at or before this log position were handled
    let guessed = start !== 'start'; // start derived from `from`: the server may refuse it
    for (;;) {
      if (!forErasure) this.assertOpen();
      const max = readThrough === undefined ? batch : batch + 1;
      const refreshed = forErasure ? undefined : this.erasures.refresh();
      refreshed?.catch(() => {}); // awaited below, unless reading the page failed first
      let records: AllStreamRecordedEvent[];
      try {
        records = await readAllEvents(client, { direction: 'forwards', fromPosition: start, maxCount: max });
      } catch (error) {
        if (!guessed || isTransient(error)) throw error;
        // `from` is neither a position of ours nor one past it: start at the last record before it.
        const before = await this.lastRecordBefore(from);
        start = before ?? 'start';
        readThrough = before?.commit;
        guessed = false;
        continue;
      }
      guessed = false;
      await refreshed;
      const page: RawStoredEvent[] = [];
      let lastHandled: Position | undefined;
      let full = false;
      for (const record of records) {
        if (readThrough !== undefined && record.position.commit <= readThrough) continue;
        const raw = decodeRecorded(record, this.names);
        if (raw !== undefined && raw.globalPosition >= from && (forErasure || !this.erasures.isErased(raw))) {
          if (page.length === batch) {
            full = true;
            break;
          }
          page.push(raw);
        }
        lastHandled = record.position;
      }
      if (page.length > 0) yield page;
      if ((!full && records.length < max) || lastHandled === undefined) return;
      start = lastHandled;
      readThrough = lastHandled.commit;
    }
  }

  /** Position of the last record of the log (of any kind) with a global position below `from`. */
  private async lastRecordBefore(from: number): Promise<Position | undefined> {
    const client = await this.client();
    let start: 'end' | Position = 'end';
    for (;;) {
      const records = await readAllEvents(client, {
        direction: 'backwards',
        fromPosition: start,
        maxCount: BACKWARD_PAGE,
      });
      for (const record of records) {
        if (globalPositionOf(record.position) < from) return record.position;
      }
      if (records.length < BACKWARD_PAGE) return undefined;
      start = records[records.length - 1]!.position;
    }
  }

  async *readAll(fromGlobalPosition = 1, options: ReadAllOptions = {}): AsyncGenerator<StoredEvent> {
    const trusted = options.trusted ?? false;
    for await (const page of this.pagesFrom(fromGlobalPosition, options.batchSize ?? 500)) {
      for (const raw of page) yield this.parse(raw, trusted);
    }
  }

  async *readPages(
    fromGlobalPosition: number,
    pageSize: number,
    options: Pick<ReadAllOptions, 'trusted'> = {},
  ): AsyncGenerator<StoredEvent[]> {
    const trusted = options.trusted ?? false;
    for await (const page of this.pagesFrom(fromGlobalPosition, pageSize)) {
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
    for await (const page of this.pagesFrom(fromGlobalPosition, limit)) {
      for (const raw of page) {
        out.push(this.parse(raw, trusted));
        if (out.length >= limit) return out;
      }
    }
    return out;
  }

  /** Server-side filter of live subscriptions: our namespace, or at least no system events. */
  private subscriptionFilter(): Filter {
    return this.names.namespace
      ? { filterOn: 'streamName', prefixes: [this.names.namespace], checkpointInterval: 1000 }
      : { filterOn: 'eventType', regex: '^[^$]', checkpointInterval: 1000 };
  }

  /**
   * A catch-up subscription to `$all` (server-side filtered to our namespace, or to non-system
   * events), resubscribing from the last event seen when the connection drops. `batchSize` is not
   * used: the server pages the catch-up itself, and buffering is bounded by pausing the stream.
   */
  /** subscribe, grouped into pages of what arrived together. */
  subscribePages(fromGlobalPosition = 1, options: SubscribeOptions = {}): AsyncIterable<StoredEvent[]> {
    return batched(this.subscribe(fromGlobalPosition, options), options.batchSize ?? 500);
  }

  async *subscribe(fromGlobalPosition = 1, options: SubscribeOptions = {}): AsyncGenerator<StoredEvent> {
    this.assertOpen();
    const from = normalizeFrom(fromGlobalPosition);
    const trusted = options.trusted ?? false;
    const signal = options.signal
      ? AbortSignal.any([options.signal, this.closing.signal])
      : this.closing.signal;
    if (signal.aborted) return;
    const client = await this.client();
    await this.erasures.refresh();

    // Subscriptions start after a position (exclusive), and only at a record boundary: find the
    // record at `from`'s boundary (handing over its event when it is at `from` itself).
    let after: 'start' | Position = 'start';
    const start = readStartFor(from);
    if (start !== 'start') {
      let first: AllStreamRecordedEvent | undefined;
      let located = true;
      try {
        [first] = await readAllEvents(client, { direction: 'forwards', fromPosition: start, maxCount: 1 });
      } catch (error) {
        if (isTransient(error)) throw error;
        located = false; // not a position of ours: see pagesFrom
      }
      if (signal.aborted) return;
      if (!located) {
        after = (await this.lastRecordBefore(from)) ?? 'start';
      } else if (first !== undefined) {
        const raw = decodeRecorded(first, this.names);
        if (raw !== undefined && raw.globalPosition >= from && !this.erasures.isErased(raw)) {
          yield this.parse(raw, trusted);
        }
        after = first.position;
      } else {
        // Past the end of the log: follow from its current last record.
        const [last] = await readAllEvents(client, {
          direction: 'backwards',
          fromPosition: 'end',
          maxCount: 1,
        });
        after = last?.position ?? 'start';
      }
    }

    // Catch up from there, then follow live appends (of every process); resubscribe after drops.
    while (!signal.aborted) {
      const subscription = client.subscribeToAll({ fromPosition: after, filter: this.subscriptionFilter() });
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        subscription.unsubscribe().catch(() => {});
      };
      signal.addEventListener('abort', stop, { once: true });
      const received = drainReadable<AllStreamResolvedEvent>(subscription as unknown as Readable, { signal });
      try {
        for await (const resolved of received) {
          const event = resolved.event;
          if (event === undefined) continue;
          const raw = decodeRecorded(event, this.names);
          const ours = raw !== undefined && raw.globalPosition >= from;
          // Before moving past the event: a failed read resubscribes at it.
          if (ours && this.erasures.isStale(SUBSCRIPTION_ERASURE_REFRESH_MS)) await this.erasures.refresh();
          after = event.position;
          if (ours && !this.erasures.isErased(raw)) yield this.parse(raw, trusted);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (!isTransient(error)) throw error;
      } finally {
        signal.removeEventListener('abort', stop);
        stop();
      }
      await pause(RESUBSCRIBE_DELAY_MS, signal);
    }
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
      pages: (from: number) => this.pagesFrom(from, ERASURE_SCAN_PAGE, { forErasure: true }),
    };
    return this.track(
      eraseWorkspace(context, workspaceId, options.keepTypes, options.keepStreams).then((erased) => ({
        erased,
      })),
    );
  }

  async lastGlobalPosition(): Promise<number> {
    this.assertOpen();
    const client = await this.client();
    await this.erasures.refresh();
    let start: 'end' | Position = 'end';
    for (;;) {
      const records = await readAllEvents(client, {
        direction: 'backwards',
        fromPosition: start,
        maxCount: BACKWARD_PAGE,
      });
      for (const record of records) {
        const raw = decodeRecorded(record, this.names);
        if (raw !== undefined && !this.erasures.isErased(raw)) return raw.globalPosition;
      }
      if (records.length < BACKWARD_PAGE) return 0;
      start = records[records.length - 1]!.position;
    }
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
