import { commitPositionOf, globalPositionOf, normalizeFrom, readStartFor } from './positions.js';

describe('EventStoreDB global positions', () => {
  it('are twice the log position, so they increase with the log', () => {
    const positions = [152n, 153n, 4_096n, 1_234_567_890n].map((commit) =>
      globalPositionOf({ commit, prepare: commit }),
    );
    expect(positions).toEqual([304, 306, 8_192, 2_469_135_780]);
  });

  it('map a position and the one after it back to the same record boundary', () => {
    const global = globalPositionOf({ commit: 7_321n, prepare: 7_321n });
    expect(commitPositionOf(global)).toBe(7_321n);
    expect(commitPositionOf(global + 1)).toBe(7_321n);
    expect(readStartFor(global + 1)).toEqual({ commit: 7_321n, prepare: 7_321n });
    expect(commitPositionOf(global + 2)).toBe(7_322n);
  });

  it('read from the start of the log for positions up to 1', () => {
    expect(readStartFor(1)).toBe('start');
    expect(readStartFor(normalizeFrom(undefined))).toBe('start');
    expect(readStartFor(normalizeFrom(-5))).toBe('start');
    expect(readStartFor(2)).toEqual({ commit: 1n, prepare: 1n });
  });

  it('normalise requested positions', () => {
    expect(normalizeFrom(undefined)).toBe(1);
    expect(normalizeFrom(0)).toBe(1);
    expect(normalizeFrom(10.7)).toBe(10);
    expect(normalizeFrom(Number.POSITIVE_INFINITY)).toBe(Number.MAX_SAFE_INTEGER);
    expect(() => normalizeFrom(Number.NaN)).toThrow(TypeError);
  });

  it('refuse events without a log position (servers before 22.6) and positions past 2^53', () => {
    expect(() => globalPositionOf(undefined)).toThrow(/22\.6/);
    expect(() => globalPositionOf({ commit: 0n, prepare: 0n })).toThrow(/22\.6/);
    const unknown = 2n ** 64n - 1n; // what the server sends for "no position"
    expect(() => globalPositionOf({ commit: unknown, prepare: unknown })).toThrow(/22\.6/);
    const huge = BigInt(Number.MAX_SAFE_INTEGER);
    expect(() => globalPositionOf({ commit: huge, prepare: huge })).toThrow(RangeError);
  });
});
