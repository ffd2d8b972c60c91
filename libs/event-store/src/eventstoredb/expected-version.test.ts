import { fromCurrentRevision, toExpectedRevision } from './expected-version.js';

describe('EventStoreDB expected versions', () => {
  it.each([
    ['any', 'any'],
    ['no_stream', 'no_stream'],
    ['stream_exists', 'stream_exists'],
    [0, 0n],
    [41, 41n],
    [-1, 'no_stream'],
  ] as const)('maps %p to the revision %p', (ours, theirs) => {
    expect(toExpectedRevision(ours)).toBe(theirs);
  });

  it.each([-2, 1.5, Number.NaN, Number.POSITIVE_INFINITY])(
    'maps %p to null (no stream is ever there)',
    (v) => {
      expect(toExpectedRevision(v)).toBeNull();
    },
  );

  it('maps current revisions back to versions', () => {
    expect(fromCurrentRevision('no_stream')).toBe('no_stream');
    expect(fromCurrentRevision(0n)).toBe(0);
    expect(fromCurrentRevision(17n)).toBe(17);
    expect(fromCurrentRevision(-1n)).toBe('no_stream');
  });
});
