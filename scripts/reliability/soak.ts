import { io } from 'socket.io-client';
import type { HttpClient } from './http-client.js';
import { runPool } from './run-pool.js';
import { SendStats, deliver, inboundOf, sleep } from './sender.js';

/** The process's own figures from /metrics (prom-client defaults, prefix `atende_`). */
export interface MetricsSample {
  atMs: number;
  rssBytes: number;
  heapUsedBytes: number;
  /** Longest event-loop delay since the previous scrape (prom-client resets its histogram). */
  lagMaxSeconds: number;
  lagP99Seconds: number;
  /** Old generation (old + large object spaces) in use: what survived young collections. */
  oldGenerationBytes: number;
  /** Garbage collections so far, and the time they took (all kinds). */
  gcCount: number;
  gcSeconds: number;
  majorGcCount: number;
  /** Collections that took more than 100 ms (prom-client's buckets). */
  gcOver100Ms: number;
}

/** Sum of the values of a metric's lines whose labels contain `labels` (all lines when omitted). */
function metricValue(text: string, name: string, labels = ''): number {
  let sum = 0;
  let found = false;
  for (const match of text.matchAll(new RegExp(`^${name}(?:\\{([^}]*)\\})? ([-+0-9.eE]+|NaN)$`, 'gm'))) {
    if (!(match[1] ?? '').includes(labels)) continue;
    sum += Number(match[2]);
    found = true;
  }
  return found ? sum : NaN;
}

/** The token /metrics asks for (METRICS_TOKEN): the reliability run gives it to the process it starts. */
export const RELIABILITY_METRICS_TOKEN = `reliability-${process.pid}-metrics-token`;

export async function sampleMetrics(client: HttpClient, startedAt: number): Promise<MetricsSample> {
  const answer = await client.request('GET', '/metrics', {
    timeoutMs: 30_000,
    headers: { authorization: `Bearer ${RELIABILITY_METRICS_TOKEN}` },
  });
  if (answer.status !== 200) throw new Error(`/metrics: ${answer.status}`);
  return {
    atMs: performance.now() - startedAt,
    rssBytes: metricValue(answer.text, 'atende_process_resident_memory_bytes'),
    heapUsedBytes: metricValue(answer.text, 'atende_nodejs_heap_size_used_bytes'),
    lagMaxSeconds: metricValue(answer.text, 'atende_nodejs_eventloop_lag_max_seconds'),
    lagP99Seconds: metricValue(answer.text, 'atende_nodejs_eventloop_lag_p99_seconds'),
    oldGenerationBytes:
      metricValue(answer.text, 'atende_nodejs_heap_space_size_used_bytes', 'space="old"') +
      metricValue(answer.text, 'atende_nodejs_heap_space_size_used_bytes', 'space="large_object"'),
    // Counters of GC kinds not seen yet have no line: zero.
    gcCount: metricValue(answer.text, 'atende_nodejs_gc_duration_seconds_count') || 0,
    gcSeconds: metricValue(answer.text, 'atende_nodejs_gc_duration_seconds_sum') || 0,
    majorGcCount: metricValue(answer.text, 'atende_nodejs_gc_duration_seconds_count', 'kind="major"') || 0,
    gcOver100Ms:
      (metricValue(answer.text, 'atende_nodejs_gc_duration_seconds_count') || 0) -
      (metricValue(answer.text, 'atende_nodejs_gc_duration_seconds_bucket', 'le="0.1"') || 0),
  };
}

export interface SoakOptions {
  client: HttpClient;
  cookie: string;
  userId: string;
  seconds: number;
  rate: number;
  customers: number;
  phaseDigit: number;
  tag: string;
  concurrency: number;
  log: (line: string) => void;
}

export interface SoakFigures {
  planned: number;
  acked: number;
  elapsedS: number;
  achievedRate: number;
  /** How far behind schedule a send started, at worst (ms): the driver could not keep the rate. */
  maxStartLagMs: number;
  ackP50Ms: number;
  ackP99Ms: number;
  ackMaxMs: number;
  retries: number;
  socketReceived: number;
  socketDuplicates: number;
  socketDisconnects: number;
  /** Scraped right before the first message (also resets the event-loop histogram). */
  baseline: MetricsSample;
  /** Every 5 s during the soak, and one at the end. */
  samples: MetricsSample[];
  /** The longest event-loop stall seen during the soak (max of the per-scrape maxima), ms. */
  longestStallMs: number;
  /** When the scrape that saw the longest stall was taken (s into the soak; the stall is in the 5 s before). */
  longestStallAtS: number;
  /** p99 of event-loop delay, worst scrape (ms). */
  worstLagP99Ms: number;
  stats: SendStats;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/**
 * Inbound customer messages at a steady rate for a while, with a signed-in agent socket counting
 * `whatsapp:newMessage`, sampling the process's memory and event-loop delay from /metrics.
 */
export async function soak(options: SoakOptions): Promise<SoakFigures> {
  const { client, rate, seconds, log } = options;
  const planned = Math.round(rate * seconds);
  const seen = new Uint8Array(planned);
  let socketReceived = 0;
  let socketDuplicates = 0;
  let socketDisconnects = 0;
  let finishing = false;

  const socket = io(client.baseUrl, {
    transports: ['websocket'],
    extraHeaders: { cookie: options.cookie },
    reconnection: false,
    timeout: 30_000,
  });
  const prefix = `${options.tag}:`;
  socket.on('whatsapp:newMessage', (payload: { content?: unknown }) => {
    const content = typeof payload?.content === 'string' ? payload.content : '';
    if (!content.startsWith(prefix)) return;
    const n = Number(content.slice(prefix.length));
    if (!(n >= 0 && n < planned)) return;
    if (seen[n] !== 0) {
      socketDuplicates += 1;
      return;
    }
    seen[n] = 1;
    socketReceived += 1;
  });
  socket.on('disconnect', () => {
    if (!finishing) socketDisconnects += 1;
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect_error', reject);
    socket.once('connect', () => {
      socket
        .timeout(30_000)
        .emitWithAck('join:user', options.userId)
        .then((ack: { success?: boolean; code?: string }) =>
          ack?.success === true ? resolve() : reject(new Error(`join:user refused (${ack?.code})`)),
        )
        .catch(reject);
    });
  });

  const stats = new SendStats();
  const ackMs: number[] = [];
  let maxStartLagMs = 0;
  const startedAt = performance.now();
  // Resets the event-loop histogram (it held the start-up rebuild): the soak's own figures follow.
  const baseline = await sampleMetrics(client, startedAt);
  const samples: MetricsSample[] = [];
  let sampling = true;
  const sampler = (async () => {
    let lastLog = 0;
    while (sampling) {
      await sleep(5_000);
      if (!sampling) break;
      try {
        const s = await sampleMetrics(client, startedAt);
        samples.push(s);
        if (s.atMs - lastLog >= 30_000) {
          lastLog = s.atMs;
          log(
            `  soak ${Math.round(s.atMs / 1000)} s: acked ${stats.acked}, socket ${socketReceived}, ` +
              `RSS ${mb(s.rssBytes)}, heap ${mb(s.heapUsedBytes)}, loop max ${(s.lagMaxSeconds * 1000).toFixed(0)} ms`,
          );
        }
      } catch (error) {
        log(`  soak: /metrics failed: ${(error as Error).message}`);
      }
    }
  })();

  const interval = 1000 / rate;
  // In order of n, each send at its scheduled time; the first failure stops the others.
  const senders = runPool(planned, options.concurrency, async (n, signal) => {
    const due = startedAt + n * interval;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    maxStartLagMs = Math.max(maxStartLagMs, performance.now() - due);
    const message = inboundOf(options.tag, options.phaseDigit, options.customers, n);
    ackMs.push((await deliver(client, message, stats, { signal })).ms);
  });
  try {
    await senders;
    const elapsedS = (performance.now() - startedAt) / 1000;
    const waitUntil = performance.now() + 30_000;
    while (socketReceived < stats.acked && socket.connected && performance.now() < waitUntil) await sleep(50);
    await sleep(500); // a duplicate would show by now
    sampling = false;
    await sampler;
    samples.push(await sampleMetrics(client, startedAt));
    ackMs.sort((a, b) => a - b);
    return {
      planned,
      acked: stats.acked,
      elapsedS,
      achievedRate: stats.acked / elapsedS,
      maxStartLagMs,
      ackP50Ms: percentile(ackMs, 50),
      ackP99Ms: percentile(ackMs, 99),
      ackMaxMs: ackMs[ackMs.length - 1] ?? NaN,
      retries: stats.requests - stats.acked,
      socketReceived,
      socketDuplicates,
      socketDisconnects,
      baseline,
      samples,
      longestStallMs: Math.max(...samples.map((s) => s.lagMaxSeconds * 1000)),
      longestStallAtS: samples.reduce((a, b) => (b.lagMaxSeconds > a.lagMaxSeconds ? b : a)).atMs / 1000,
      worstLagP99Ms: Math.max(...samples.map((s) => s.lagP99Seconds * 1000)),
      stats,
    };
  } finally {
    sampling = false;
    finishing = true;
    socket.close();
  }
}

export const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
