import type { AppendExpectedRevision, CurrentRevision } from '@eventstore/db-client';
import type { ExpectedVersion } from '@atende/events';

/**
 * Our expected version as EventStoreDB's expected revision; null for a number no stream can be at
 * (negative below -1, fractional): such an append is a conflict whatever the stream holds.
 * -1 means "no stream", as for the SQLite store (whose missing streams are at version -1).
 */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision | null {
  switch (expected) {
    case 'any':
    case 'no_stream':
    case 'stream_exists':
      return expected;
    default:
      if (!Number.isSafeInteger(expected) || expected < -1) return null;
      return expected === -1 ? 'no_stream' : BigInt(expected);
  }
}

/** EventStoreDB's current revision of a stream as our version: the last event's position or 'no_stream'. */
export function fromCurrentRevision(current: CurrentRevision | bigint | number): number | 'no_stream' {
  if (current === 'no_stream') return 'no_stream';
  const version = Number(current);
  return version < 0 ? 'no_stream' : version;
}
