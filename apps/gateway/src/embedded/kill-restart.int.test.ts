import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eventually } from '../testing/eventually.js';

// The one entry point of every role (the embedded product here).
const MAIN = path.resolve(__dirname, '../../../server/src/main.ts');
const SESSION = 'demo-sandbox';

interface Running {
  child: ChildProcess;
  url: string;
}

/** Starts `npm start`'s entry point on DATA_DIR and resolves with its URL (from the start-up log). */
/** Each send spends this long before the phone takes it and again before it answers. */
const SEND_DELAY_MS = 400;
const SANDBOX_TOKEN = 'token-do-sandbox-nos-testes';

function startAtende(dataDir: string): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SANDBOX_SEND_DELAY_MS: String(SEND_DELAY_MS),
      ATENDE_SANDBOX_TOKEN: SANDBOX_TOKEN,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    // A start that never comes up must not outlive the suite.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Atende did not start:\n${out}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Atende exited with ${code}:\n${out}`));
    });
  });
}

async function kill9(running: Running): Promise<void> {
  const exited = new Promise((r) => running.child.once('exit', r));
  running.child.kill('SIGKILL');
  await exited;
}

async function call<T>(
  url: string,
  method: string,
  cookie?: string,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(url.includes('/api/sandbox/') ? { 'x-sandbox-token': SANDBOX_TOKEN } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}

const waitFor = <T>(probe: () => Promise<T | undefined>) => eventually(probe, 15_000, 100);

describe('embedded Atende killed with SIGKILL while sending', () => {
  let dir: string;
  let running: Running | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-kill-'));
  });
  afterAll(async () => {
    if (running) await kill9(running);
    rmSync(dir, { recursive: true, force: true });
  });

  it('delivers every accepted reply to the phone exactly once after restarts', async () => {
    running = await startAtende(dir);
    const login = await call<{ user: { id: string } }>(`${running.url}/api/auth/login`, 'POST', undefined, {
      email: 'demo@atende.local',
      password: 'demo1234',
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const userId = login.body.user.id;
    const customer = await call<{ conversationId: string }>(
      `${running.url}/api/sandbox/whatsapp/inbound`,
      'POST',
      undefined,
      {
        sessionId: SESSION,
        from: '5511977776666',
        text: 'Meu pedido chegou quebrado',
      },
    );
    const conversationId = customer.body.conversationId;

    // Kill at a different moment after each accepted send: before the phone has it, after it has it
    // but before it answered (the worker does not know it went out), and after everything.
    const accepted: string[] = [];
    for (const delayMs of [0, SEND_DELAY_MS * 1.5, SEND_DELAY_MS * 4]) {
      const clientMessageId = randomUUID();
      const sent = await call(`${running.url}/api/whatsapp/send`, 'POST', cookie, {
        userId,
        conversationId,
        content: `Resposta após ${delayMs} ms`,
        clientMessageId,
      });
      expect(sent.status).toBe(200);
      accepted.push(clientMessageId);
      if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
      await kill9(running);
      running = await startAtende(dir); // the session cookie survives (sessions are on disk)
    }

    const url = running.url;
    const outbox = () =>
      call<{ messages: { messageId: string }[] }>(
        `${url}/api/sandbox/whatsapp/outbox?sessionId=${SESSION}`,
        'GET',
      );
    await waitFor(async () => {
      const ids = (await outbox()).body.messages.map((m) => m.messageId);
      return accepted.every((id) => ids.includes(id)) ? true : undefined;
    });
    await new Promise((r) => setTimeout(r, 500)); // a duplicate would show up by now
    const ids = (await outbox()).body.messages.map((m) => m.messageId);
    expect(ids.filter((id) => accepted.includes(id)).sort()).toEqual([...accepted].sort());

    const statuses = await waitFor(async () => {
      const res = await call<{ messages: { id: string; status: string }[] }>(
        `${url}/api/whatsapp/messages/${encodeURIComponent(conversationId)}?userId=${encodeURIComponent(userId)}`,
        'GET',
        cookie,
      );
      const mine = res.body.messages.filter((m) => accepted.includes(m.id));
      return mine.length === accepted.length && mine.every((m) => m.status !== 'sending') ? mine : undefined;
    });
    expect(statuses.map((m) => m.status)).toEqual(accepted.map(() => 'sent'));
  }, 120_000);
});
