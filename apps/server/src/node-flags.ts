import { setFlagsFromString } from 'node:v8';

/**
 * The Node flags of the distributed roles (start:distributed, the test and bench harnesses): a
 * young generation of 128 MB, because the ingest path allocates short-lived objects fast and the
 * default one has it spend 10–17 % of its CPU in scavenges. Not the embedded process (`npm start`,
 * the Dockerfile): with its read models in SQLite it gains ≈3 % from it and pays 150–200 MB of RSS.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128'] as const;

/**
 * How far V8 lets the embedded process's heap grow past what its last full collection kept, in
 * percent. V8's own choice, up to 4× while messages come in fast, kept 350 MB of garbage beside
 * 166 MB alive after 300k messages (bench:memory: RSS 806 MB). At 100 %: 619 MB, at the same
 * msg/s and p99 (bench:ingest: 8.8–15.3 ms at 1,000 msg/s). Lower costs latency: at 60 % (561 MB)
 * the p99 was 18.5–34.7 ms, at 30 % (505 MB) 15–50 ms: more full collections, each a pause.
 */
export const EMBEDDED_HEAP_GROWING_PERCENT = 100;

/** Applies EMBEDDED_HEAP_GROWING_PERCENT to this process (V8 reads it at each collection). */
export function limitEmbeddedHeapGrowth(): void {
  setFlagsFromString(`--heap-growing-percent=${EMBEDDED_HEAP_GROWING_PERCENT}`);
}
