import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  callAtende as call,
  kill9,
  startAtendeProcess,
  type RunningAtende,
} from '../testing/atende-process.js';
import { eventually } from '../testing/eventually.js';

const SESSION = 'demo-sandbox';
/** Each send spends this long before the phone takes it and again before it answers. */
const SEND_DELAY_MS = 400;
const startAtende = (dataDir: string) =>
  startAtendeProcess(dataDir, { SANDBOX_SEND_DELAY_MS: String(SEND_DELAY_MS) });

const waitFor = <T>(probe: () => Promise<T | undefined>) => eventually(probe, 15_000, 100);

describe('embedded Atende killed with SIGKILL while sending', () => {
  let dir: string;
  let running: RunningAtende | undefined;
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
    // An agent answers a conversation the inbox shows: recorded is not yet projected.
    await waitFor(async () => {
      const res = await call(
        `${running!.url}/api/whatsapp/messages/${encodeURIComponent(conversationId)}?userId=${encodeURIComponent(userId)}`,
        'GET',
        cookie,
      );
      return res.status === 200 ? true : undefined;
    });

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
