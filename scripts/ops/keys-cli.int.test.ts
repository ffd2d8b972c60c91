import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { MasterKey, SqliteKeyStore, createSqliteEventStore } from '@atende/event-store';
import { atendeRegistry, streams } from '@atende/events';
import { startEmbedded } from '@atende/gateway';
import { eventLogText, sampleInbound } from '../../libs/event-store/src/contract/sample-events.js';

const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function run(script: string, args: string[], dir: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(scripts, script), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dir },
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const WS = 'minha-empresa';
const PHONE = '5511933332222';
const CHAT = `${PHONE}@c.us`;
const TEXT = 'Meu endereço é Rua Sigilo 99';
describe('npm run events -- encrypt, npm run keys -- rotate-master', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-keys-cli-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = () => loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  /** The customer's messages, by the id of the conversation they are in. */
  const textsRead = async () => {
    const atende = await startEmbedded(config(), pino({ level: 'silent' }), { channel: false });
    try {
      const texts: Record<string, string[]> = {};
      for await (const e of atende.store.readAll(1)) {
        if (e.type !== 'InboundMessageReceived') continue;
        const { chatId, content } = e.data as { chatId: string; content: string };
        expect(e.streamId).toBe(streams.conversation(WS, chatId));
        (texts[chatId] ??= []).push(content);
      }
      return texts;
    } finally {
      await atende.stop();
    }
  };

  it('encrypts a log written before encryption in place, its conversation renamed to a pseudonym', async () => {
    const plain = createSqliteEventStore({ filename: path.join(dir, 'events.db') });
    await plain.appendToStream(streams.conversation(WS, CHAT), [
      atendeRegistry.prepare(
        {
          type: 'ConversationStarted',
          data: {
            chatId: CHAT,
            sessionId: 's1',
            channel: 'whatsapp',
            customerId: PHONE,
            customerName: 'Cliente Antigo',
            type: 'private',
          },
        },
        { workspaceId: WS },
      ),
      sampleInbound({ workspaceId: WS, chatId: CHAT, content: TEXT, providerMessageId: 'p1' }),
    ]);
    await plain.close();
    // The new version started once on the old log: its read models are kept in read-models.db.
    const first = await startEmbedded(config(), pino({ level: 'silent' }), { channel: false });
    expect(JSON.stringify(await first.readModels.view('conversations').dump())).toContain(CHAT);
    await first.stop();
    expect(existsSync(path.join(dir, 'read-models.db'))).toBe(true);
    expect(eventLogText(dir)).toContain(TEXT);

    const result = await run('events.ts', ['encrypt'], dir);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/2 eventos cifrados/);
    expect(result.out).toMatch(/1 conversas antigas renomeadas/);
    expect(result.out).toMatch(/reconstruídos a partir do registro no próximo início/);
    expect(existsSync(path.join(dir, 'read-models.db'))).toBe(false);
    for (const text of [TEXT, PHONE]) expect(eventLogText(dir)).not.toContain(text);

    // Rebuilt from the log, not served from what was made of the old one.
    const atende = await startEmbedded(config(), pino({ level: 'silent' }), { channel: false });
    try {
      expect(atende.restoredReadModels).toBe(false);
      const conversations = JSON.stringify(await atende.readModels.view('conversations').dump());
      // The customer's number is shown (read models are sealed at rest), but names nothing.
      expect(conversations).not.toContain(CHAT);
      expect(conversations).toMatch(/"chatId":"ct_[0-9a-f]{24}"/);
    } finally {
      await atende.stop();
    }
    const texts = await textsRead();
    expect(Object.values(texts)).toEqual([[TEXT]]);
    expect(Object.keys(texts)[0]).toMatch(/^ct_[0-9a-f]{24}$/);

    const again = await run('events.ts', ['encrypt'], dir);
    expect(again.out).toMatch(/0 eventos cifrados/);
    expect(again.out).toMatch(/0 conversas antigas renomeadas/);
  });

  it('rotates the master key: data keys rewrapped, the product keeps reading, the old key opens nothing', async () => {
    const old = MasterKey.parse(readFileSync(path.join(dir, 'master.key'), 'utf8'));
    const result = await run('keys.ts', ['rotate-master'], dir);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/chaves de dados cifradas de novo/);
    const now = MasterKey.parse(readFileSync(path.join(dir, 'master.key'), 'utf8'));
    expect(now.id).not.toBe(old.id);
    expect(Object.values(await textsRead())).toEqual([[TEXT]]);
    const withOld = new SqliteKeyStore(path.join(dir, 'keys.db'), old);
    await expect(withOld.activeKey('deployment:read-models')).rejects.toThrow();
    await withOld.close();
  });

  it('refuses to rotate or encrypt while Atende runs on the folder', async () => {
    const atende = await startEmbedded(config(), pino({ level: 'silent' }), { channel: false });
    try {
      for (const [script, arg] of [
        ['keys.ts', 'rotate-master'],
        ['events.ts', 'encrypt'],
      ] as const) {
        const result = await run(script, [arg], dir);
        expect(result.code).toBe(2);
        expect(result.out).toMatch(/^erro: pare o Atende/m);
      }
    } finally {
      await atende.stop();
    }
  });
});
