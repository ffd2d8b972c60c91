import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { callAtende, kill9, startAtendeProcess, type RunningAtende } from '../testing/atende-process.js';
import { eventually } from '../testing/eventually.js';

describe.each([
  ['committed in the main thread (the default)', 'false'],
  ['committed in a writer thread (EMBEDDED_READ_MODELS_WRITER_THREAD)', 'true'],
])('embedded read models in SQLite, %s, across a kill -9', (_how, writerThread) => {
  const env = { EMBEDDED_READ_MODELS_WRITER_THREAD: writerThread };
  let dir: string;
  let running: RunningAtende | undefined;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-rm-kill-'));
  });
  afterAll(async () => {
    if (running) await kill9(running);
    rmSync(dir, { recursive: true, force: true });
  });

  const inbound = (url: string, text: string) =>
    callAtende(`${url}/api/sandbox/whatsapp/inbound`, 'POST', undefined, {
      sessionId: 'demo-sandbox',
      from: '5511966665555',
      text,
    });

  it('restarts from the committed checkpoints (no rebuild) and serves every message once', async () => {
    running = await startAtendeProcess(dir, env);
    expect(running.output()).toContain('read models rebuilt from the event log');
    for (const text of ['primeira', 'segunda', 'terceira'])
      expect((await inbound(running.url, text)).status).toBe(200);
    await kill9(running);

    running = await startAtendeProcess(dir, env);
    expect(running.output()).not.toContain('read models rebuilt from the event log');
    expect(running.output()).toContain('read models kept in read-models.db');
    expect((await inbound(running.url, 'quarta')).status).toBe(200);
    const url = running.url;
    const login = await callAtende<{ user: { id: string } }>(`${url}/api/auth/login`, 'POST', undefined, {
      email: 'demo@atende.local',
      password: 'demo1234',
    });
    const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    const list = await eventually(
      async () => {
        const res = await callAtende<{
          conversations: { id: string; customerId: string; messageCount: number }[];
        }>(`${url}/api/whatsapp/conversations?userId=${login.body.user.id}`, 'GET', cookie);
        const mine = res.body.conversations.filter((c) => c.customerId.startsWith('5511966665555'));
        return mine[0]?.messageCount === 4 ? mine : undefined;
      },
      15_000,
      100,
    );
    expect(list).toHaveLength(1);
    const messages = await callAtende<{ messages: { content: string }[] }>(
      `${url}/api/whatsapp/messages/${encodeURIComponent(list[0]!.id)}?userId=${login.body.user.id}`,
      'GET',
      cookie,
    );
    expect(messages.body.messages.map((m) => m.content)).toEqual([
      'primeira',
      'segunda',
      'terceira',
      'quarta',
    ]);
  }, 120_000);
});
