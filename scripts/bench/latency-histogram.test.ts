import { countOf, merged, newHistogram, percentile, record } from './latency-histogram.js';

describe('bench latency histograms', () => {
  it('pools rounds: the p99 of all values, not of one round', () => {
    const quiet = newHistogram();
    const stalled = newHistogram();
    for (let i = 0; i < 100; i += 1) record(quiet, 2);
    for (let i = 0; i < 95; i += 1) record(stalled, 3);
    for (let i = 0; i < 5; i += 1) record(stalled, 80);
    const all = merged([quiet, stalled]);
    expect(countOf(all)).toBe(200);
    expect(percentile(stalled, countOf(stalled), 99)).toBeCloseTo(80.1);
    // 5 slow values of 200: the 99th percentile (rank 198) is one of them, the 95th (rank 190) is not.
    expect(percentile(all, countOf(all), 99)).toBeCloseTo(80.1);
    expect(percentile(all, countOf(all), 95)).toBeCloseTo(3.1);
    // The rounds' own histograms are left as they were.
    expect(countOf(quiet)).toBe(100);
  });
});
