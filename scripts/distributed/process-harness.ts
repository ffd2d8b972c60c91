import { randomUUID } from 'node:crypto';
import { openDeploymentKeys } from '@atende/event-store';
import { SERVER_NODE_FLAGS } from '@atende/server';
import { sealedDocCodec, type DocCodec } from '@atende/read-models';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { Redis } from 'ioredis';
import { testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import { RETRYABLE_CODES } from '../reliability/sender.js';
import {
  NotRetryable,
  answerCode,
  attemptSignal,
  isRetryableStatus,
  untilAcknowledged,
} from '../reliability/until-acknowledged.js';
import { freePort } from '@atende/events/testing';

/** A distributed Atende process started by a test, with its output kept for failure messages. */
export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  /** SIGKILL to its process group, then waits for the exit. */
  kill9(): Promise<void>;
  /** SIGTERM (a clean stop), SIGKILL after `graceMs` (default 15 s); waits for the exit. */
  stop(graceMs?: number): Promise<void>;
}

/** The sandbox token of the processes these tests start (ATENDE_SANDBOX_TOKEN). */
export const TEST_SANDBOX_TOKEN = 'token-do-sandbox-nos-testes';

export { freePort };

const EXIT_WITH_PARENT = fileURLToPath(new URL('./exit-with-parent.ts', import.meta.url));

/**
 * Every process started here and not yet ended. A suite that fails midway (a restarted projector
 * not yet in its own list) must not leave any behind: `stopAllProcesses` in afterAll ends them all
 * (registered below for every suite that imports this). An exit hook cannot do it: inside Jest's
 * sandbox `process` is a copy whose 'exit' never fires. So for a worker that ends without its
 * afterAll (killed, interrupted), exit-with-parent.ts, preloaded in each child, ends the child.
 */
const live = new Set<RunningProcess>();

/** Signals the process group (each child leads its own, so anything it started goes too). */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // ESRCH: it ended meanwhile.
  }
}

/** Stops every process this module started that is still running (afterAll, even after a failure). */
export async function stopAllProcesses(graceMs = 15_000): Promise<void> {
  await Promise.all([...live].map((p) => p.stop(graceMs)));
}

// A safety net for every suite that imports this: its file's last afterAll (after the suite's own,
// which stop processes in the order they need) ends whatever is left, whichever test failed.
if (typeof afterAll === 'function') afterAll(() => stopAllProcesses(), 60_000);

/**
 * Starts `script` (a path relative to this folder, e.g. `projector-process.ts` or
 * `../start-distributed.ts`) and resolves once it logged its first info line (it is up). A process
 * that does not come up within `startTimeoutMs` (default 60 s) is killed and the promise rejects.
 */
/**
 * A suite's cleanup: every process it started, then its Redis keys and its data folder, each tried
 * even when the one before failed.
 */
export async function cleanUpSuite(prefix: string, dir: string | undefined): Promise<void> {
  try {
    await stopAllProcesses();
  } finally {
    try {
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    } finally {
      if (dir) rmSync(dir, { recursive: true, force: true });
    }
  }
}

export function startProcess(
  script: string,
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<RunningProcess> {
  return startCommand(
    script,
    nodeCommand(fileURLToPath(new URL(`./${script}`, import.meta.url))),
    env,
    startTimeoutMs,
  );
}

/**
 * The environment of a test deployment's roles on this machine: SQLite log in `dataDir`, the test
 * Redis under `prefix`, a topic of its own, free ports for the gateway and the sandbox controls.
 */
export async function testDeploymentEnv(dataDir: string, prefix: string, kafkaBrokers: string) {
  return {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    ATENDE_MODE: 'distributed',
    WHATSAPP_DRIVER: 'sandbox',
    SQLITE_SYNCHRONOUS: 'normal',
    REDIS_URL: testRedisUrl(),
    KAFKA_BROKERS: kafkaBrokers,
    ATENDE_REDIS_PREFIX: prefix,
    ATENDE_KAFKA_TOPIC: `atende-test-${randomUUID()}`,
    PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
  };
}

/** The one entry point of every role (apps/server/src/main.ts). */
export const SERVER_MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));

/** Starts one role of a multi-host deployment (`npm start -- --role <role>`) with `env`, up at its first info line. */
export function startRole(
  role: 'gateway' | 'projector' | 'channel-worker' | 'all',
  env: Record<string, string>,
  startTimeoutMs = 60_000,
): Promise<RunningProcess> {
  return startCommand(role, [...nodeCommand(SERVER_MAIN), '--role', role], env, startTimeoutMs);
}

/** `node --import tsx` with exit-with-parent.ts preloaded, running `scriptPath` (a server: SERVER_NODE_FLAGS). */
export function nodeCommand(scriptPath: string): string[] {
  const flags = scriptPath === SERVER_MAIN ? SERVER_NODE_FLAGS : [];
  // HARNESS_NODE_ARGS: flags for profiling what a harness starts (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
  const extra = process.env.HARNESS_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  return [process.execPath, ...flags, ...extra, '--import', 'tsx', '--import', EXIT_WITH_PARENT, scriptPath];
}

/**
 * Starts any command (`argv`: program and arguments, e.g. prefixed by `ip netns exec …`) as
 * startProcess does: its own process group, output kept, up once its output matches `ready`
 * (default: the first pino info line), killed and rejected after `startTimeoutMs`.
 */
export function startCommand(
  label: string,
  argv: string[],
  env: Record<string, string>,
  startTimeoutMs = 60_000,
  ready = /"level":30/,
): Promise<RunningProcess> {
  const child = spawn(argv[0]!, argv.slice(1), {
    env: { ...process.env, LOG_LEVEL: 'info', ATENDE_SANDBOX_TOKEN: TEST_SANDBOX_TOKEN, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: signalGroup reaches whatever it started
  });
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: RunningProcess = {
    child,
    output: () => out,
    async kill9() {
      signalGroup(child, 'SIGKILL');
      await exited;
    },
    async stop(graceMs = 15_000) {
      signalGroup(child, 'SIGTERM');
      const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
  live.add(running);
  void exited.then(() => live.delete(running));
  // Its pipes must not keep a finished test run alive (Jest would wait forever): it ends with the run.
  child.unref();
  (child.stdout as Socket).unref();
  (child.stderr as Socket).unref();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void running.kill9();
      reject(new Error(`${label} did not start within ${startTimeoutMs / 1000} s:\n${out}`));
    }, startTimeoutMs);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (ready.test(out)) {
        clearTimeout(timer);
        resolve(running);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${label} exited with ${signal ?? code}:\n${out}`));
    });
  });
}

/**
 * Runs a suite's final checks; when one fails, its message gains the last lines each role logged
 * (a stall after a fault is diagnosed from them: which role stopped, on what error).
 */
export async function withRoleLogs<T>(
  roles: Readonly<Record<string, RunningProcess>>,
  checks: () => Promise<T>,
  tailChars = 6_000,
): Promise<T> {
  try {
    return await checks();
  } catch (error) {
    const logs = Object.entries(roles).map(
      ([name, role]) => `--- ${name} (last lines)\n${role.output().slice(-tailChars)}`,
    );
    if (error instanceof Error) error.message += `\n${logs.join('\n')}`;
    throw error;
  }
}

/** How long a fault suite's message may go unacknowledged before the suite fails (default). */
const INBOUND_DEADLINE_MS = 120_000;

/**
 * The sandbox's "not now" answers, and one more: a channel worker that just (re)started says it is
 * up before it has restored its sessions from the log, and answers "session not found" meanwhile.
 */
// A channel worker that just started takes its sessions' leases within a second or two: until then
// its sandbox answers that the session is run elsewhere.
const NOT_YET = new Set([...RETRYABLE_CODES, 'SANDBOX_SESSION_NOT_FOUND', 'SANDBOX_SESSION_NOT_HERE']);

/**
 * A customer message through the sandbox controls of a channel worker, sent again until recorded
 * (200), as a phone would: a connection the saturated or restarting server dropped or refused, a
 * timeout, a 5xx or a "not now" answer is retried with backoff. The sandbox records a providerMessageId once, so the
 * callers' exact message counts also check that nothing doubled. Throws at once on an answer no
 * retry changes (a 4xx such as a wrong token), and after `deadlineMs` without a 200.
 */
export async function sendInbound(
  sandboxPort: string | number,
  from: string,
  text: string,
  id: string,
  options: { deadlineMs?: number; signal?: AbortSignal } = {},
): Promise<void> {
  const { deadlineMs = INBOUND_DEADLINE_MS, signal } = options;
  await untilAcknowledged(
    `inbound ${id}`,
    async () => {
      const attempt = attemptSignal(30_000, signal);
      let res: Response;
      let body: string;
      try {
        res = await fetch(`http://127.0.0.1:${sandboxPort}/api/sandbox/whatsapp/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-token': TEST_SANDBOX_TOKEN },
          body: JSON.stringify({ sessionId: 'demo-sandbox', from, text, providerMessageId: id }),
          signal: attempt.signal,
        });
        body = await res.text();
      } finally {
        attempt.release();
      }
      if (res.status === 200) return;
      const failure = `inbound ${id}: ${res.status} ${body.slice(0, 300)}`;
      const retry = isRetryableStatus(res.status) || NOT_YET.has(answerCode(body));
      throw retry ? new Error(failure) : new NotRetryable(failure);
    },
    { deadlineMs, ...(signal ? { signal } : {}) },
  );
}

export interface ConversationCounts {
  id: string;
  /** The customer's phone digits (the id is a pseudonym). */
  customerId: string;
  messageCount: number;
  unreadCount: number;
}

/**
 * A request to a gateway that must get an answer: sent again while dropped, refused or 5xx. The
 * body is read inside the attempt, as a connection can also drop halfway through it.
 */
async function answered(
  label: string,
  url: string,
  init: RequestInit = {},
): Promise<{ headers: Headers; body: unknown }> {
  const acked = await untilAcknowledged(label, async () => {
    const attempt = attemptSignal(30_000);
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { ...init, signal: attempt.signal });
      text = await res.text();
    } finally {
      attempt.release();
    }
    if (res.status === 200) return { headers: res.headers, body: JSON.parse(text) as unknown };
    const failure = `${label}: ${res.status} ${text.slice(0, 300)}`;
    throw isRetryableStatus(res.status) ? new Error(failure) : new NotRetryable(failure);
  });
  return acked.value;
}

/**
 * The conversations whose customer's phone starts with `phonePrefix`, as the demo owner sees them
 * on a gateway, once their messages add up to `total` (or after `timeoutMs`: the caller's
 * assertions then tell).
 */
export async function conversationsOnGateway(
  base: string,
  phonePrefix: string,
  total: number,
  timeoutMs = 120_000,
): Promise<ConversationCounts[]> {
  const login = await answered('login', `${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const userId = (login.body as { user: { id: string } }).user.id;
  const list = `${base}/api/whatsapp/conversations?userId=${userId}&limit=500`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await answered('conversations', list, { headers: { cookie } });
    const rows = (res.body as { conversations: ConversationCounts[] }).conversations.filter((r) =>
      r.customerId.startsWith(phonePrefix),
    );
    if (rows.reduce((n, r) => n + r.messageCount, 0) >= total || Date.now() > deadline) return rows;
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Test aid: the codec a deployment's read models are sealed with in Redis (its DATA_DIR's keys). */
export async function deploymentDocCodec(dataDir: string): Promise<DocCodec> {
  const keys = openDeploymentKeys(dataDir, undefined);
  try {
    return sealedDocCodec(await keys.cipher.readModelsKey());
  } finally {
    await keys.cipher.keys.close();
  }
}
