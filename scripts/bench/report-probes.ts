/**
 * What `npm run bench` asks of the machine besides the benches: a child process with a time limit,
 * whether a Kafka broker answers, redis-benchmark as the Redis baseline.
 */
import { spawn } from 'node:child_process';
import { Kafka, logLevel } from 'kafkajs';
import type { Baseline } from './report-figures.js';
import { parseRedisBenchmark } from './report.js';

export interface ChildResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Captured only with `captureStdout` (it is printed through either way). */
  stdout: string;
  /** The last 64 KB of what the child wrote to stderr (printed through as well). */
  stderr: string;
  timedOut: boolean;
  /** spawn itself failed (command not found...). */
  spawnError?: Error;
}

const TAIL = 64 * 1024;
const tail = (text: string) => (text.length > TAIL ? text.slice(-TAIL) : text);

let current: { pid: number } | undefined;

/** Stops the child that is running now (its whole process group), e.g. on Ctrl-C of the runner. */
export function stopCurrentChild(signal: NodeJS.Signals = 'SIGTERM'): void {
  if (!current) return;
  try {
    process.kill(-current.pid, signal);
  } catch {
    // already gone
  }
}

/**
 * Runs one command in its own process group (so a time-out stops its children too: the distributed
 * ingest starts three processes), printing its output through as it comes.
 */
export function runChild(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; timeoutMs?: number; captureStdout?: boolean; quiet?: boolean } = {},
): Promise<ChildResult> {
  return new Promise((resolve) => {
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    const child = spawn(command, args, {
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', options.captureStdout ? 'pipe' : options.quiet ? 'ignore' : 'inherit', 'pipe'],
    });
    if (child.pid !== undefined) current = { pid: child.pid };
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!options.quiet) process.stdout.write(chunk);
      stdout = tail(stdout + chunk.toString());
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      if (!options.quiet) process.stderr.write(chunk);
      stderr = tail(stderr + chunk.toString());
    });
    let killTimer: NodeJS.Timeout | undefined;
    const timer =
      options.timeoutMs === undefined
        ? undefined
        : setTimeout(() => {
            timedOut = true;
            stopCurrentChild('SIGTERM');
            killTimer = setTimeout(() => stopCurrentChild('SIGKILL'), 10_000);
          }, options.timeoutMs);
    const finish = (result: Omit<ChildResult, 'stdout' | 'stderr' | 'timedOut'>) => {
      if (timer) clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      current = undefined;
      resolve({ ...result, stdout, stderr, timedOut });
    };
    child.once('error', (error) => finish({ code: null, signal: null, spawnError: error }));
    child.once('close', (code, signal) => finish({ code, signal }));
  });
}

/** The brokers to try: $KAFKA_BROKERS, else the local broker of `npm run kafka:start`. */
export function kafkaBrokers(env: NodeJS.ProcessEnv = process.env): string[] {
  const list = (env.KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  return list.length > 0 ? list : ['127.0.0.1:19092'];
}

/** True when a Kafka broker at `brokers` answers a metadata request within a few seconds. */
export async function kafkaReachable(brokers: string[], timeoutMs = 5000): Promise<boolean> {
  const admin = new Kafka({
    clientId: 'atende-bench-probe',
    brokers,
    connectionTimeout: 1500,
    requestTimeout: 3000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  }).admin();
  let timer: NodeJS.Timeout | undefined;
  try {
    const probe = (async () => {
      await admin.connect();
      const cluster = await admin.describeCluster();
      return cluster.brokers.length > 0;
    })();
    probe.catch(() => undefined);
    const timeout = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    return await Promise.race([probe, timeout]);
  } catch {
    return false;
  } finally {
    if (timer) clearTimeout(timer);
    await admin.disconnect().catch(() => undefined);
  }
}

/**
 * `redis-benchmark -q -t set,hset -n N -P 16` against REDIS_URL: HSET requests/s as the baseline of
 * the Redis rebuild (pipelined writes of the same server, same run). Never throws.
 */
export async function redisBenchmarkBaseline(requests: number, env = process.env): Promise<Baseline> {
  const label = `redis-benchmark HSET, ${requests.toLocaleString('en-US')} requests, -P 16`;
  const url = new URL(env.REDIS_URL ?? 'redis://127.0.0.1:6379');
  const args = ['-h', url.hostname || '127.0.0.1', '-p', url.port || '6379'];
  if (url.password) args.push('-a', decodeURIComponent(url.password), '--no-auth-warning');
  args.push('-q', '-t', 'set,hset', '-n', String(requests), '-P', '16');
  const result = await runChild('redis-benchmark', args, {
    captureStdout: true,
    quiet: true,
    timeoutMs: 120_000,
  });
  if (result.spawnError) {
    const missing = (result.spawnError as NodeJS.ErrnoException).code === 'ENOENT';
    return {
      label,
      value: null,
      unit: 'ops/s',
      note: missing ? 'redis-benchmark not installed' : result.spawnError.message,
    };
  }
  const ops = parseRedisBenchmark(result.stdout);
  if (ops.HSET === undefined) {
    const why = result.timedOut
      ? 'timed out'
      : result.stderr.trim().split('\n').at(-1) || `exit ${result.code}`;
    return { label, value: null, unit: 'ops/s', note: `redis-benchmark gave no HSET figure (${why})` };
  }
  return {
    label,
    value: Math.round(ops.HSET),
    unit: 'ops/s',
    ...(ops.SET !== undefined ? { note: `SET ${Math.round(ops.SET).toLocaleString('en-US')} ops/s` } : {}),
  };
}
