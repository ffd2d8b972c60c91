import { WrongExpectedVersionError, type ExpectedVersion } from '@atende/events';
import { fromCurrentRevision } from './expected-version.js';

// The client's errors are recognised by their `type` (an ErrorType string), so this module needs
// only the client's types, not the client itself (loaded lazily by the adapter).

function typeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const type = (error as { type?: unknown }).type;
  return typeof type === 'string' ? type : undefined;
}

/** EventStoreDB refused an append because the stream was not at the expected revision. */
export function isConflict(error: unknown): boolean {
  return typeOf(error) === 'wrong-expected-version';
}

export function isStreamNotFound(error: unknown): boolean {
  return typeOf(error) === 'stream-not-found';
}

/** The stream is deleted: tombstoned, or soft-deleted and the write expected it to exist. */
export function isStreamDeleted(error: unknown): boolean {
  return typeOf(error) === 'stream-deleted';
}

/** The stream's current revision a wrong-expected-version error reports (undefined if none). */
export function actualRevisionOf(error: unknown): bigint | 'no_stream' | undefined {
  if (!isConflict(error)) return undefined;
  const actual = (error as { actualVersion?: unknown }).actualVersion;
  return typeof actual === 'bigint' || actual === 'no_stream' ? actual : undefined;
}

/** gRPC status codes of a server that could not be reached or did not answer in time. */
const UNREACHABLE_CODES = new Set([4 /* DEADLINE_EXCEEDED */, 14 /* UNAVAILABLE */]);

/**
 * The connection or the server failed: worth retrying; the outcome of a write is unknown. Some
 * calls of the client (its server-features probe) reject with the raw gRPC error, hence the codes.
 */
export function isTransient(error: unknown): boolean {
  const type = typeOf(error);
  if (type === 'unavailable' || type === 'timeout' || type === 'deadline-exceeded' || type === 'not-leader') {
    return true;
  }
  const code = typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
  return type === undefined && typeof code === 'number' && UNREACHABLE_CODES.has(code);
}

/**
 * The append was refused before anything was written (so claims taken for it can be released).
 * False when the outcome is unknown (timeout, lost connection, unknown server error): the events
 * may have been written.
 */
export function appendDidNotWrite(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof RangeError) return true; // refused by the client
  switch (typeOf(error)) {
    case 'wrong-expected-version':
    case 'access-denied':
    case 'stream-deleted':
    case 'maximum-append-size-exceeded':
    case 'invalid-argument':
    case 'not-leader':
      return true;
    default:
      return false;
  }
}

/** The client's WrongExpectedVersion error as ours (undefined for any other error). */
export function toWrongExpectedVersion(
  error: unknown,
  streamId: string,
  expected: ExpectedVersion,
): WrongExpectedVersionError | undefined {
  if (!isConflict(error)) return undefined;
  const actual = (error as { actualVersion?: unknown }).actualVersion;
  const current =
    typeof actual === 'bigint' || typeof actual === 'number' || actual === 'no_stream' ? actual : 'no_stream';
  return new WrongExpectedVersionError(streamId, expected, fromCurrentRevision(current));
}
