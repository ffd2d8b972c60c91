import type { JSONEventData, JSONType, RecordedEvent } from '@eventstore/db-client';
import type { EventMetadata, NewEvent, RawStoredEvent } from '@atende/events';
import { globalPositionOf } from './positions.js';
import { isSystemEventType, type StreamNames } from './names.js';

/**
 * How one of our events is kept in EventStoreDB: the event id is the EventStoreDB event id (a
 * UUID), the data is the event's JSON, and the envelope metadata is the event's JSON metadata:
 * `{ eventId, workspaceId, actorId?, correlationId?, causationId?, occurredAt, schemaVersion }`.
 * (eventId is kept there too: EventStoreDB hands ids back lower-cased.)
 */
export function encodeMetadata(metadata: EventMetadata): Record<string, unknown> {
  return envelopeMetadata(metadata as unknown as Record<string, unknown>, metadata.eventId);
}

/**
 * The envelope metadata of a stored event, in the order events carry it, with only the known keys
 * (anything else a foreign tool added is dropped); the EventStoreDB id stands in for a missing
 * eventId. Values are passed through unchecked: EventRegistry.parse validates them.
 */
export function decodeMetadata(stored: unknown, esdbEventId: string): Record<string, unknown> {
  const source = typeof stored === 'object' && stored !== null && !ArrayBuffer.isView(stored) ? stored : {};
  return envelopeMetadata(source as Record<string, unknown>, esdbEventId);
}

function envelopeMetadata(source: Record<string, unknown>, fallbackEventId: string): Record<string, unknown> {
  const metadata: Record<string, unknown> = {
    eventId: source.eventId ?? fallbackEventId,
    workspaceId: source.workspaceId,
  };
  for (const key of ['actorId', 'correlationId', 'causationId'] as const) {
    if (source[key] !== undefined && source[key] !== null) metadata[key] = source[key];
  }
  metadata.occurredAt = source.occurredAt;
  metadata.schemaVersion = source.schemaVersion;
  return metadata;
}

/** The EventStoreDB event to append for one of ours. */
export function encodeEvent(event: NewEvent): JSONEventData {
  return {
    id: event.metadata.eventId,
    contentType: 'application/json',
    type: event.type,
    data: event.data as JSONType,
    metadata: encodeMetadata(event.metadata),
  } as JSONEventData;
}

/**
 * One of our events read back, before the registry parses it; undefined for what is not ours:
 * system events (`$…` types: stream metadata, links, statistics, our claims), system streams and
 * streams of other namespaces.
 */
export function decodeRecorded(recorded: RecordedEvent, names: StreamNames): RawStoredEvent | undefined {
  if (isSystemEventType(recorded.type)) return undefined;
  const streamId = names.fromEsdb(recorded.streamId);
  if (streamId === undefined) return undefined;
  return {
    type: recorded.type,
    data: decodeData(recorded),
    metadata: decodeMetadata(recorded.metadata, recorded.id),
    streamId,
    streamPosition: Number(recorded.revision),
    globalPosition: globalPositionOf(recorded.position),
  };
}

function decodeData(recorded: RecordedEvent): unknown {
  if (recorded.isJson) return recorded.data;
  // Written by another client as binary: JSON text is still accepted.
  try {
    return JSON.parse(Buffer.from(recorded.data as Uint8Array).toString('utf8')) as unknown;
  } catch {
    return recorded.data;
  }
}
