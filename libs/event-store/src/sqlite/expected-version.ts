import { WrongExpectedVersionError, type ExpectedVersion } from '@atende/events';

/** -1 stands for "no stream". Throws WrongExpectedVersionError when the stream is elsewhere. */
export function checkExpectedVersion(streamId: string, expected: ExpectedVersion, current: number): void {
  const ok =
    expected === 'any' ||
    (expected === 'no_stream' && current === -1) ||
    (expected === 'stream_exists' && current >= 0) ||
    (typeof expected === 'number' && expected === current);
  if (!ok) throw new WrongExpectedVersionError(streamId, expected, current === -1 ? 'no_stream' : current);
}
