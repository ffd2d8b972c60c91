import { randomUUID } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import {
  StreamDeletedError,
  StreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type DeleteStreamOptions,
  type EventData,
  type Position,
  type ReadAllOptions,
  type ReadStreamOptions,
  type RecordedEvent,
  type SetStreamMetadataOptions,
  type StreamMetadata,
  type SubscribeToAllOptions,
} from '@eventstore/db-client';
import type { EsdbClient } from '../client.js';
import { matchesFilter, recordedEvent, type FakeRecord } from './fake-records.js';
import {
  DELETED_STREAM,
  METADATA_TYPE,
  fromServerMetadata,
  toServerMetadata,
} from './fake-stream-metadata.js';

/**
 * An in-memory stand-in for one EventStoreDB server, for the adapter's unit tests (the real
 * contract suite runs against a real server when EVENTSTORE_URL is set). It mimics what the
 * adapter relies on: per-stream optimistic concurrency with the client's WrongExpectedVersion
 * error, `$all` records at sparse byte positions (commit = prepare = record start), system records
 * between ours, reads of `$all` from a position that is not a record start refused, catch-up
 * subscriptions that start after a position, stream-not-found errors. It does not mimic
 * EventStoreDB's own best-effort idempotency of repeated writes to a stream.
 *
 * Stream metadata is kept as EventStoreDB keeps it: `$metadata` events in the metastream `$$name`
 * (so they are records of `$all` too), of which only the truncate-before (`$tb`) has an effect.
 * Events before it are left out of reads of the stream, never of `$all` (until a scavenge, which
 * the fake does not run). A soft delete (`deleteStream`) sets it to long.MaxValue: the stream then
 * reads as missing, refuses `stream_exists` appends with StreamDeleted, accepts `no_stream` ones,
 * and the first append (or metadata write) after it truncates before the revision that follows the
 * stream's last event, whose revisions go on (EventStoreDB's IndexWriter.CheckCommit and
 * StorageWriterService.SoftUndeleteStream).
 */

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

  /** The revisions a read of the stream returns; undefined when it reads as missing. */
  visibleRevisions(streamName: string): bigint[] | undefined {
    const stream = this.streams.get(streamName);
    if (!stream || this.isSoftDeleted(streamName)) return undefined;
    const before = this.truncateBefore(streamName);
    return stream.filter((r) => r.revision >= before).map((r) => r.revision);
  }

  /** The stream's metadata as the server stores it (`$tb`…), {} when it has none. */
  serverMetadata(streamName: string): Record<string, unknown> {
    const metastream = this.streams.get(`$$${streamName}`);
    const last = metastream?.[metastream.length - 1];
    return last === undefined ? {} : (JSON.parse(last.data) as Record<string, unknown>);
  }

  private truncateBefore(streamName: string): bigint {
    const tb = this.serverMetadata(streamName)['$tb'];
    if (typeof tb !== 'number') return 0n;
    return tb >= DELETED_STREAM ? 2n ** 63n - 1n : BigInt(tb);
  }

  private isSoftDeleted(streamName: string): boolean {
    const tb = this.serverMetadata(streamName)['$tb'];
    return typeof tb === 'number' && tb >= DELETED_STREAM;
  }

  private writeMetadata(streamName: string, metadata: Record<string, unknown>): FakeRecord {
    const [record] = this.write(`$$${streamName}`, [
      {
        id: randomUUID(),
        contentType: 'application/json',
        type: METADATA_TYPE,
        data: metadata,
        metadata: undefined,
      },
    ] as EventData[]);
    return record!;
  }

  /** A write to a soft-deleted stream (or to its metadata) recreates it from a revision on. */
  private undelete(streamName: string, from: bigint): void {
    this.writeMetadata(streamName, { ...this.serverMetadata(streamName), $tb: Number(from) });
  }

  private currentRevision(streamName: string): bigint {
    return BigInt(this.streams.get(streamName)?.length ?? 0) - 1n;
  }

  private wrongExpectedVersion(streamName: string, expected: AppendExpectedRevision, current: bigint): Error {
    return new EsdbWrongExpectedVersionError(undefined, {
      streamName,
      expected,
      current: current === -1n ? 'no_stream' : current,
    });
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

  private async *streamItems(
    streamName: string,
    options: ReadStreamOptions,
    assertConnected: () => void,
  ): AsyncGenerator<{ event: RecordedEvent }> {
    assertConnected();
    await tick();
    const stream = this.streams.get(streamName);
    if (!stream || this.isSoftDeleted(streamName)) throw new StreamNotFoundError(undefined, streamName);
    const before = this.truncateBefore(streamName);
    const visible = stream.filter((r) => r.revision >= before);
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const from = options.fromRevision ?? (options.direction === 'backwards' ? 'end' : 'start');
    const selected =
      options.direction === 'backwards'
        ? visible.filter((r) => from === 'end' || (from !== 'start' && r.revision <= from)).reverse()
        : visible.filter((r) => from === 'start' || (from !== 'end' && r.revision >= from));
    for (const record of selected.slice(0, max)) yield { event: recordedEvent(record) };
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
    for (const record of selected) yield { event: recordedEvent(record) };
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
        const current = this.currentRevision(streamName);
        const deleted = this.isSoftDeleted(streamName);
        const expected = options.expectedRevision ?? 'any';
        if (expected === 'stream_exists' && deleted) throw new StreamDeletedError(undefined, streamName);
        const ok =
          expected === 'any' ||
          (expected === 'no_stream' && (current === -1n || deleted)) ||
          (expected === 'stream_exists' && current >= 0n) ||
          (typeof expected === 'bigint' && expected === current);
        if (!ok) throw this.wrongExpectedVersion(streamName, expected, current);
        this.beforeAppend?.(streamName, list);
        const written = this.write(streamName, list);
        if (deleted) this.undelete(streamName, current + 1n);
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
          if (matchesFilter(options.filter, record)) subscription.write({ event: recordedEvent(record) });
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

      // A soft delete: a metadata write (so `beforeAppend` sees the metastream).
      deleteStream: async (streamName: string, options: DeleteStreamOptions = {}) => {
        assertConnected();
        await tick();
        const current = this.currentRevision(streamName);
        const expected = options.expectedRevision ?? 'any';
        const ok = current >= 0n && (expected === 'any' || expected === current);
        if (!ok) throw this.wrongExpectedVersion(streamName, expected, current);
        this.beforeAppend?.(`$$${streamName}`, []);
        const record = this.writeMetadata(streamName, {
          ...this.serverMetadata(streamName),
          $tb: DELETED_STREAM,
        });
        await tick();
        return { position: { commit: record.position, prepare: record.position } };
      },

      getStreamMetadata: async (streamName: string) => {
        assertConnected();
        await tick();
        const metastream = this.streams.get(`$$${streamName}`);
        if (!metastream) return { streamName };
        return { streamName, metadata: fromServerMetadata(this.serverMetadata(streamName)) };
      },

      setStreamMetadata: async (
        streamName: string,
        metadata: StreamMetadata,
        options: SetStreamMetadataOptions = {},
      ): Promise<AppendResult> => {
        assertConnected();
        await tick();
        const metastream = `$$${streamName}`;
        const current = this.currentRevision(metastream);
        const expected = options.expectedRevision ?? 'any';
        const ok =
          expected === 'any' ||
          (expected === 'no_stream' && current === -1n) ||
          (expected === 'stream_exists' && current >= 0n) ||
          (typeof expected === 'bigint' && expected === current);
        if (!ok) throw this.wrongExpectedVersion(metastream, expected, current);
        this.beforeAppend?.(metastream, []);
        const deleted = this.isSoftDeleted(streamName);
        const record = this.writeMetadata(streamName, toServerMetadata(metadata));
        if (deleted) this.undelete(streamName, this.currentRevision(streamName) + 1n);
        await tick();
        return {
          success: true,
          nextExpectedRevision: record.revision,
          position: { commit: record.position, prepare: record.position },
        };
      },

      dispose: async () => {
        disposed = true;
      },
    };
    return fake as unknown as EsdbClient;
  }
}
