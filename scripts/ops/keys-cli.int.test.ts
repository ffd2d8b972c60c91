import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { MasterKey, SqliteKeyStore, createSqliteEventStore } from '@atende/event-store';
import { streams } from '@atende/events';
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
const CHAT = '5511933332222@c.us';
const TEXT = 'Meu endereço é Rua Sigilo 99';
describe('npm run events -- encrypt, npm run keys -- rotate-master', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-keys-cli-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const config = () => loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const textsRead = async () => {
    const atende = await startEmbedded(config(), pino({ level: 'silent' }), { channel: false });
    try {
      const events = await atende.store.readStream(streams.conversation(WS, CHAT));
      return events.map((e) => (e.data as { content?: string }).content).filter(Boolean);
    } finally {
      await atende.stop();
    }
  };

  it('encrypts a log written before encryption, in place', async () => {
    const plain = createSqliteEventStore({ filename: path.join(dir, 'events.db') });
    await plain.appendToStream(streams.conversation(WS, CHAT), [
      sampleInbound({ workspaceId: WS, chatId: CHAT, content: TEXT, providerMessageId: 'p1' }),
    ]);
    await plain.close();
    expect(eventLogText(dir)).toContain(TEXT);
    const result = await run('events.ts', ['encrypt'], dir);
    expect(result).toMatchObject({ code: 0 });
    expect(result.out).toMatch(/1 eventos cifrados/);
    expect(eventLogText(dir)).not.toContain(TEXT);
    expect(await textsRead()).toEqual([TEXT]);
  });

  it('rotates the master key: data keys rewrapped, the product keeps reading, the old key opens nothing', async () => {
    const old = MasterKey.parse(readFileSync(path.join(dir, 'master.key'), 'utf8'));
    const result = await run('keys.ts', ['rotate-master'], dir);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/chaves de dados cifradas de novo/);
    const now = MasterKey.parse(readFileSync(path.join(dir, 'master.key'), 'utf8'));
    expect(now.id).not.toBe(old.id);
    expect(await textsRead()).toEqual([TEXT]);
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
