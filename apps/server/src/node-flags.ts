import { setFlagsFromString } from 'node:v8';

/**
 * V8's background threads (concurrent marking, parallel scavenges, compiles): 2 instead of Node's 4.
 * On 2 cores the 4 ran beside the event loop (and the checkpoint thread, and the other roles) and
 * took turns with it. Same hour, embedded bench:ingest at 1,000 msg/s: p99 median 97 ms over 7 runs
 * with 4 (46–112), 42 ms over 5 with 2 (30–126), 45 ms over 7 with 1; recorded msg/s medians 3,140,
 * 3,478 and 3,307. Distributed (3 roles, PostgreSQL log): p99 lower with 2 in each of 4 pairs
 * (880 → 771, 650 → 550, 1,022 → 873, 977 → 841 ms), with 1 not (1,062, 750).
 */
const V8_POOL_SIZE_FLAG = '--v8-pool-size=2';

/**
 * The Node flags of the distributed roles (start:distributed, docker-compose, the test and bench
 * harnesses): V8_POOL_SIZE_FLAG, and a young generation of 128 MB, because the ingest path allocates
 * short-lived objects fast and the default one has it spend 10–17 % of its CPU in scavenges. Not the
 * embedded process: with its read models in SQLite it gains ≈3 % from that and pays 150–200 MB of RSS.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=128', V8_POOL_SIZE_FLAG] as const;

/**
 * Every object starts in the young generation. V8 otherwise allocates straight into the old one from
 * the code sites whose objects mostly survived a scavenge; it learns that in bursts (the start, full
 * speed: a backlog held across scavenges), presumably also for sites whose objects die young at a
 * steady rate, which then fill the old generation with garbage. bench:ingest (2026-11-29, 6
 * alternating pairs, 3 rounds of 10 s each): full collections 14 per run instead of 20–21 (2 pairs
 * counted); p99 at 1,000 msg/s of all rounds 25.4–70.4 ms (median 32) instead of 41.7–120.5
 * (median 69); recorded msg/s within the machine's noise (medians 2,550 and 2,622).
 */
const NO_PRETENURING_FLAG = '--no-allocation-site-pretenuring';

/**
 * The Node flags of the embedded process: `npm start`, the Dockerfile, and the benches and suites
 * that measure it (their npm scripts, the fresh processes bench:memory, the restart probe and
 * test:reliability start).
 */
export const EMBEDDED_NODE_FLAGS = [V8_POOL_SIZE_FLAG, NO_PRETENURING_FLAG] as const;

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
