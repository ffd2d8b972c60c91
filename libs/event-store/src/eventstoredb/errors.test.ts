import {
  AccessDeniedError,
  DeadlineExceededError,
  StreamNotFoundError,
  UnavailableError,
  UnknownError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';
import { WrongExpectedVersionError } from '@atende/events';
import {
  appendDidNotWrite,
  isConflict,
  isStreamNotFound,
  isTransient,
  toWrongExpectedVersion,
} from './errors.js';

function conflict(current: bigint | 'no_stream'): EsdbWrongExpectedVersionError {
  return new EsdbWrongExpectedVersionError(undefined, { streamName: 'ns-note-1', expected: 0n, current });
}

describe('EventStoreDB error mapping', () => {
  it("turns the client's wrong expected version into ours, with our stream id and expectation", () => {
    const mapped = toWrongExpectedVersion(conflict(3n), 'note-1', 0);
    expect(mapped).toBeInstanceOf(WrongExpectedVersionError);
    expect(mapped).toMatchObject({
      streamId: 'note-1',
      expected: 0,
      actual: 3,
      code: 'WRONG_EXPECTED_VERSION',
    });
    expect(toWrongExpectedVersion(conflict('no_stream'), 'note-1', 'stream_exists')).toMatchObject({
      expected: 'stream_exists',
      actual: 'no_stream',
    });
  });

  it('leaves other errors alone', () => {
    expect(toWrongExpectedVersion(new UnavailableError(), 'note-1', 'any')).toBeUndefined();
    expect(toWrongExpectedVersion(new Error('x'), 'note-1', 'any')).toBeUndefined();
    expect(toWrongExpectedVersion(undefined, 'note-1', 'any')).toBeUndefined();
  });

  it('recognises errors by kind', () => {
    expect(isConflict(conflict(1n))).toBe(true);
    expect(isConflict(new UnknownError())).toBe(false);
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'x'))).toBe(true);
    expect(isStreamNotFound(new UnknownError())).toBe(false);
    expect(isTransient(new UnavailableError())).toBe(true);
    expect(isTransient(new DeadlineExceededError())).toBe(true);
    expect(isTransient(new UnknownError())).toBe(false);
    expect(isTransient('boom')).toBe(false);
    // A raw gRPC error, as the client's server-features probe rejects with.
    expect(
      isTransient(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 })),
    ).toBe(true);
    expect(isTransient(Object.assign(new Error('3 INVALID_ARGUMENT'), { code: 3 }))).toBe(false);
  });

  it('knows which failed appends wrote nothing (their claims can be released)', () => {
    expect(appendDidNotWrite(conflict(1n))).toBe(true);
    expect(appendDidNotWrite(new AccessDeniedError())).toBe(true);
    expect(appendDidNotWrite(new TypeError('bad'))).toBe(true);
    // The outcome of these is unknown: the events may be in the stream.
    expect(appendDidNotWrite(new UnavailableError())).toBe(false);
    expect(appendDidNotWrite(new DeadlineExceededError())).toBe(false);
    expect(appendDidNotWrite(new UnknownError())).toBe(false);
    expect(appendDidNotWrite(new Error('socket hang up'))).toBe(false);
  });
});
