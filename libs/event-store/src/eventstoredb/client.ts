import type {
  AllStreamRecordedEvent,
  EventStoreDBClient,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
} from '@eventstore/db-client';
import { isStreamNotFound } from './errors.js';

/** The part of the EventStoreDB client the adapter uses (a fake in the adapter's unit tests). */
export type EsdbClient = Pick<
  EventStoreDBClient,
  | 'appendToStream'
  | 'readStream'
  | 'readAll'
  | 'subscribeToAll'
  | 'deleteStream'
  | 'getStreamMetadata'
  | 'setStreamMetadata'
  | 'dispose'
>;

/**
 * Connects lazily: the gRPC client (~170 ms to load) is only imported when an EventStoreDB store
 * is opened, so the embedded SQLite product never loads it.
 */
export async function connectEsdb(connectionString: string): Promise<EsdbClient> {
  const { EventStoreDBClient } = await import('@eventstore/db-client');
  return EventStoreDBClient.connectionString(connectionString);
}

/** The events of one read of a stream; empty when the stream does not exist. */
export async function readStreamEvents(
  client: EsdbClient,
  stream: string,
  options: ReadStreamOptions,
): Promise<RecordedEvent[]> {
  const events: RecordedEvent[] = [];
  try {
    for await (const resolved of client.readStream(stream, options)) {
      if (resolved.event) events.push(resolved.event);
    }
  } catch (error) {
    if (isStreamNotFound(error)) return [];
    throw error;
  }
  return events;
}

/** The records of one read of `$all` (system records included). */
export async function readAllEvents(
  client: EsdbClient,
  options: ReadAllOptions,
): Promise<AllStreamRecordedEvent[]> {
  const events: AllStreamRecordedEvent[] = [];
  for await (const resolved of client.readAll(options)) {
    if (resolved.event) events.push(resolved.event);
  }
  return events;
}
