/** Latency histogram of the benchmarks: 0.1 ms buckets up to 60 s (the last one holds anything slower). */
export const BUCKET_MS = 0.1;
export const BUCKETS = 600_001;

export function newHistogram(): Uint32Array<ArrayBuffer> {
  return new Uint32Array(BUCKETS);
}

/** One histogram holding every value of `histograms`. */
export function merged(histograms: readonly Uint32Array[]): Uint32Array<ArrayBuffer> {
  const sum = newHistogram();
  for (const histogram of histograms) for (let i = 0; i < BUCKETS; i += 1) sum[i]! += histogram[i]!;
  return sum;
}

/** How many values `histogram` holds. */
export function countOf(histogram: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < histogram.length; i += 1) count += histogram[i]!;
  return count;
}

export function record(histogram: Uint32Array, ms: number): void {
  histogram[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]! += 1;
}

/** The p-th percentile (ms, bucket upper bound) of `total` recorded values; NaN when there are none. */
export function percentile(histogram: Uint32Array, total: number, p: number): number {
  if (total === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * total);
  let seen = 0;
  for (let i = 0; i < histogram.length; i += 1) {
    seen += histogram[i]!;
    if (seen >= rank) return (i + 1) * BUCKET_MS;
  }
  return Number.NaN;
}
