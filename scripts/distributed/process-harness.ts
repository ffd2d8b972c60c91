import { openDeploymentKeys } from '@atende/event-store';
import { sealedDocCodec, type DocCodec } from '@atende/read-models';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** A distributed Atende process started by a test, with its output kept for failure messages. */
export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/** The sandbox token of the processes these tests start (ATENDE_SANDBOX_TOKEN). */
export const TEST_SANDBOX_TOKEN = 'token-do-sandbox-nos-testes';

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts `scripts/distributed/<script>` and resolves once it logged its first info line (it is up). */
export function startProcess(script: string, env: Record<string, string>): Promise<RunningProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(new URL(`./${script}`, import.meta.url))],
    {
      env: { ...process.env, LOG_LEVEL: 'info', ATENDE_SANDBOX_TOKEN: TEST_SANDBOX_TOKEN, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const running: RunningProcess = {
    child,
    output: () => out,
    async kill9() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} did not start:\n${out}`)), 60_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      if (/"level":30/.test(out)) {
        clearTimeout(timer);
        resolve(running);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${out}`));
    });
  });
}

/** Sends of one message after a connection the server closed under it (then the error is thrown). */
const INBOUND_ATTEMPTS = 3;

/**
 * A customer message through the sandbox controls of a channel worker; throws unless recorded.
 * A send whose connection was closed before the answer (a kept-alive socket the server timed out
 * while the machine was saturated) is sent again, as a phone would: the sandbox records a
 * providerMessageId once, so the callers' exact message counts also check that nothing doubled.
 */
export async function sendInbound(
  sandboxPort: string | number,
  from: string,
  text: string,
  id: string,
): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    let res: Response;
    try {
      res = await fetch(`http://127.0.0.1:${sandboxPort}/api/sandbox/whatsapp/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-token': TEST_SANDBOX_TOKEN },
        body: JSON.stringify({ sessionId: 'demo-sandbox', from, text, providerMessageId: id }),
      });
    } catch (error) {
      // fetch rejects with a TypeError only when no answer came (network), never for a status.
      if (!(error instanceof TypeError) || attempt >= INBOUND_ATTEMPTS) throw error;
      continue;
    }
    if (res.status !== 200) throw new Error(`inbound ${id}: ${res.status} ${await res.text()}`);
    return;
  }
}

export interface ConversationCounts {
  id: string;
  /** The customer's phone digits (the id is a pseudonym). */
  customerId: string;
  messageCount: number;
  unreadCount: number;
}

/**
 * The conversations whose id starts with `idPrefix`, as the demo owner sees them on a gateway, once
 * their messages add up to `total` (or after `timeoutMs`: the caller's assertions then tell).
 */
export async function conversationsOnGateway(
  base: string,
  phonePrefix: string,
  total: number,
  timeoutMs = 120_000,
): Promise<ConversationCounts[]> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
  const userId = ((await login.json()) as { user: { id: string } }).user.id;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${base}/api/whatsapp/conversations?userId=${userId}&limit=500`, {
      headers: { cookie },
    });
    const rows = ((await res.json()) as { conversations: ConversationCounts[] }).conversations.filter((r) =>
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
