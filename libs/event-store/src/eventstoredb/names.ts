/** Stream ids longer than this are refused (as the SQLite store does). */
export const MAX_STREAM_ID_LENGTH = 300;

/** Prefix of the per-event-id claim streams (see event-id-claims.ts). */
export const CLAIM_STREAM_PREFIX = '$atende-eid-';

/** Prefix of the stream recording the workspace erasures of a namespace (see erasures.ts). */
export const ERASURE_STREAM_PREFIX = '$atende-erasures-';

/** Throws a TypeError unless `streamId` is a stream id the store accepts. */
export function assertStreamId(streamId: unknown): asserts streamId is string {
  if (
    typeof streamId !== 'string' ||
    streamId.length === 0 ||
    streamId.length > MAX_STREAM_ID_LENGTH ||
    // `$…` streams are EventStoreDB's own (system streams, metadata streams, our claim streams).
    streamId.startsWith('$')
  ) {
    throw new TypeError(`Invalid stream id: ${JSON.stringify(streamId)}`);
  }
}

/** Event types starting with `$` are EventStoreDB's own (`$metadata`, `$>` links, `$statsCollected`…) or our claims. */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/**
 * How our stream ids map to EventStoreDB stream names. An optional namespace is prefixed to every
 * stream so that several Atende deployments (or test runs) can share one server: reads of the log
 * then only see their own namespace.
 */
export class StreamNames {
  constructor(readonly namespace = '') {
    if (namespace.startsWith('$')) throw new TypeError(`Invalid namespace: ${JSON.stringify(namespace)}`);
  }

  /** The EventStoreDB stream of one of our streams. */
  toEsdb(streamId: string): string {
    return this.namespace + streamId;
  }

  /** Our stream id of an EventStoreDB stream; undefined for system streams and other namespaces. */
  fromEsdb(streamName: string): string | undefined {
    if (streamName.startsWith('$') || !streamName.startsWith(this.namespace)) return undefined;
    const streamId = streamName.slice(this.namespace.length);
    return streamId.length > 0 ? streamId : undefined;
  }

  /** The claim stream of an event id (lower-cased, as EventStoreDB compares UUIDs). */
  claim(eventId: string): string {
    return `${CLAIM_STREAM_PREFIX}${this.namespace}${eventId.toLowerCase()}`;
  }

  /** The stream recording this namespace's workspace erasures. */
  erasures(): string {
    return `${ERASURE_STREAM_PREFIX}${this.namespace}`;
  }
}
