/**
 * The records of FakeEventStoreDb's log (fake-eventstoredb.ts) and how its client hands them over:
 * as the client's RecordedEvent, and picked by a subscription's filter. Apart from the fake server
 * so that what it keeps and what it answers read separately.
 */
import type { Filter, Position, RecordedEvent } from '@eventstore/db-client';

export interface FakeRecord {
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

/** A record as the client hands it over. */
export function recordedEvent(record: FakeRecord): RecordedEvent & { position: Position } {
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

/** Whether a subscription with `filter` gets the record. */
export function matchesFilter(filter: Filter | undefined, record: FakeRecord): boolean {
  if (!filter) return true;
  const subject = filter.filterOn === 'streamName' ? record.streamId : record.type;
  if ('prefixes' in filter) return filter.prefixes.some((prefix) => subject.startsWith(prefix));
  return new RegExp(filter.regex).test(subject);
}
