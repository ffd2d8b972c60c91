import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  StreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type Filter,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import type { EsdbClient } from '../client.js';

/**
 * An in-memory stand-in for one EventStoreDB server, for the adapter's unit tests (the real
 * contract suite runs against a real server when EVENTSTORE_URL is set). It mimics what the
 * adapter relies on: per-stream optimistic concurrency with the client's WrongExpectedVersion
 * error, `$all` records at sparse byte positions (commit = prepare = record start), system records
 * between ours, reads of `$all` from a position that is not a record start refused, catch-up
 * subscriptions that start after a position, stream-not-found errors. It does not mimic
 * EventStoreDB's own best-effort idempotency of repeated writes to a stream.
 */

interface FakeRecord {
  position: bigint;
  streamId: string;
  revision: bigint;
  id: string;
  type: string;
  data: string;
  metadata: string | undefined;
  isJson: boolean;
  created: Date;
}

type Listener = (record: FakeRecord) => void;

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

export class FakeEventStoreDb {
  readonly records: FakeRecord[] = [];
  private readonly streams = new Map<string, FakeRecord[]>();
  private readonly listeners = new Set<Listener>();
  private readonly subscriptions = new Set<PassThrough>();
  /** Next free log position; the log starts with an epoch record that is not an event. */
  private end = 128n;
  /** Called before an append is applied: throw to refuse it (nothing is written). */
  beforeAppend?: (streamName: string, events: readonly EventData[]) => void;
  /** Called after an append was applied: throw to lose the answer (written, but the caller cannot know). */
  afterAppend?: (streamName: string) => void;

  constructor() {
    this.writeSystem('$epoch-information', '$epoch-information');
    this.writeSystem('$scavenges', '$scavengeStarted');
  }

  /** A record EventStoreDB writes itself (statistics, settings, metadata…). */
  writeSystem(streamName: string, type: string): void {
    this.write(streamName, [
      {
        id: randomUUID(),
        contentType: 'application/json',
        type,
        data: { at: Date.now() },
        metadata: undefined,
      },
    ] as EventData[]);
  }

  /** Appends without any check (an event written by an older release or another tool). */
  writeRaw(streamName: string, events: readonly EventData[]): void {
    this.write(streamName, events);
  }

  streamNames(): string[] {
    return [...this.streams.keys()];
  }

  /** Makes every live subscription fail as when the connection drops. */
  dropSubscriptions(error: Error): void {
    for (const subscription of this.subscriptions) subscription.destroy(error);
  }

  private write(streamName: string, events: readonly EventData[]): FakeRecord[] {
    const stream = this.streams.get(streamName) ?? [];
    this.streams.set(streamName, stream);
    const written: FakeRecord[] = [];
    for (const event of events) {
      const data = JSON.stringify(event.data);
      const metadata = event.metadata === undefined ? undefined : JSON.stringify(event.metadata);
      const record: FakeRecord = {
        position: this.end,
        streamId: streamName,
        revision: BigInt(stream.length),
        id: event.id.toLowerCase(),
        type: event.type,
        data,
        metadata,
        isJson: event.contentType === 'application/json',
        created: new Date(),
      };
      // Records take their size in the log: positions are sparse byte offsets.
      this.end += BigInt(64 + streamName.length + event.type.length + data.length + (metadata?.length ?? 0));
      stream.push(record);
      this.records.push(record);
      written.push(record);
    }
    for (const record of written) for (const listener of this.listeners) listener(record);
    return written;
  }

  private recorded(record: FakeRecord): RecordedEvent & { position: Position } {
    return {
      streamId: record.streamId,
      id: record.id,
      revision: record.revision,
      type: record.type,
      data: record.isJson ? (JSON.parse(record.data) as never) : new Uint8Array(Buffer.from(record.data)),
      metadata: record.metadata === undefined ? undefined : (JSON.parse(record.metadata) as never),
      isJson: record.isJson as never,
      created: record.created,
      position: { commit: record.position, prepare: record.position },
    } as RecordedEvent & { position: Position };
  }

  /** Index of the record starting at `position`; the log's length at its end; throws inside a record. */
  private indexAt(position: Position): number {
    if (position.commit >= this.end) return this.records.length;
    const index = this.records.findIndex((r) => r.position >= position.commit);
    if (index === -1 || this.records[index]!.position !== position.commit) {
      throw new UnknownError(
        undefined,
        `Log record at actual pos ${position.commit} has too large length: 1148478823 bytes`,
      );
    }
    return index;
  }

  private matches(filter: Filter | undefined, record: FakeRecord): boolean {
    if (!filter) return true;
    const subject = filter.filterOn === 'streamName' ? record.streamId : record.type;
    if ('prefixes' in filter) return filter.prefixes.some((prefix) => subject.startsWith(prefix));
    return new RegExp(filter.regex).test(subject);
  }

  private async *streamItems(
    streamName: string,
    options: ReadStreamOptions,
    assertConnected: () => void,
  ): AsyncGenerator<{ event: RecordedEvent }> {
    assertConnected();
    await tick();
    const stream = this.streams.get(streamName);
    if (!stream) throw new StreamNotFoundError(undefined, streamName);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? (options.direction === 'backwards' ? 'end' : 'start');
    const selected =
      options.direction === 'backwards'
        ? stream.filter((r) => from === 'end' || (from !== 'start' && r.revision <= from)).reverse()
        : stream.filter((r) => from === 'start' || (from !== 'end' && r.revision >= from));
    for (const record of selected.slice(0, max)) yield { event: this.recorded(record) };
  }

  private async *allItems(
    options: ReadAllOptions,
    assertConnected: () => void,
  ): AsyncGenerator<AllStreamResolvedEvent> {
    assertConnected();
    await tick();
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    let selected: FakeRecord[];
    if (options.direction === 'backwards') {
      const from = options.fromPosition ?? 'end';
      const end = from === 'end' ? this.records.length : from === 'start' ? 0 : this.indexAt(from);
      selected = this.records.slice(Math.max(0, end - max), end).reverse();
    } else {
      const from = options.fromPosition ?? 'start';
      const start = from === 'start' ? 0 : from === 'end' ? this.records.length : this.indexAt(from);
      selected = this.records.slice(start, start + max);
    }
    for (const record of selected) yield { event: this.recorded(record) };
  }

  /** A new connection to this server. */
  client(): EsdbClient {
    let disposed = false;
    const assertConnected = () => {
      if (disposed) throw new Error('client disposed');
    };
    const fake = {
      appendToStream: async (
        streamName: string,
        events: EventData | EventData[],
        options: { expectedRevision?: AppendExpectedRevision } = {},
      ): Promise<AppendResult> => {
        assertConnected();
        await tick();
        const list = Array.isArray(events) ? events : [events];
        const stream = this.streams.get(streamName) ?? [];
        const current = BigInt(stream.length) - 1n;
        const expected = options.expectedRevision ?? 'any';
        const ok =
          expected === 'any' ||
          (expected === 'no_stream' && current === -1n) ||
          (expected === 'stream_exists' && current >= 0n) ||
          (typeof expected === 'bigint' && expected === current);
        if (!ok) {
          throw new EsdbWrongExpectedVersionError(undefined, {
            streamName,
            expected,
            current: current === -1n ? 'no_stream' : current,
          });
        }
        this.beforeAppend?.(streamName, list);
        const written = this.write(streamName, list);
        this.afterAppend?.(streamName);
        const last = written[written.length - 1]!;
        await tick();
        return {
          success: true,
          nextExpectedRevision: last.revision,
          position: { commit: last.position, prepare: last.position },
        };
      },

      readStream: (streamName: string, options: ReadStreamOptions = {}) =>
        Readable.from(this.streamItems(streamName, options, assertConnected), { objectMode: true }),

      readAll: (options: ReadAllOptions = {}) =>
        Readable.from(this.allItems(options, assertConnected), { objectMode: true }),

      subscribeToAll: (options: SubscribeToAllOptions = {}) => {
        assertConnected();
        const subscription = new PassThrough({ objectMode: true }) as PassThrough & {
          unsubscribe(): Promise<void>;
        };
        const listener: Listener = (record) => {
          if (this.matches(options.filter, record)) subscription.write({ event: this.recorded(record) });
        };
        const stop = () => {
          this.listeners.delete(listener);
          this.subscriptions.delete(subscription);
        };
        subscription.unsubscribe = async () => {
          stop();
          subscription.end();
        };
        subscription.on('close', stop);
        this.subscriptions.add(subscription);
        setImmediate(() => {
          if (subscription.destroyed || subscription.writableEnded) return;
          let start: number;
          try {
            const from = options.fromPosition ?? 'start';
            // A subscription starts *after* the given position.
            start = from === 'start' ? 0 : from === 'end' ? this.records.length : this.indexAt(from) + 1;
          } catch (error) {
            subscription.destroy(error as Error);
            return;
          }
          for (const record of this.records.slice(start)) listener(record);
          this.listeners.add(listener);
        });
        return subscription;
      },

      dispose: async () => {
        disposed = true;
      },
    };
    return fake as unknown as EsdbClient;
  }
}
