import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { DEFAULT_CANNED_REPLIES } from '@atende/events';
import Database from 'better-sqlite3';
import type { SqliteReadModels } from '@atende/read-models';
import { SQLITE_READ_MODELS_FILE } from '@atende/read-models';
import { startEmbedded } from './start-embedded.js';

const logger = pino({ level: 'silent' });

describe('embedded start-up', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-embedded-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the event store, seeds the demo workspace once, and answers /healthz', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    const first = await startEmbedded(config, logger);
    expect(first.demo.created).toBe(true);
    expect(first.demo.demoCredentials).toEqual({ email: 'demo@atende.local', password: 'demo1234' });
    expect(first.demo.sandboxSessionId).toBe('demo-sandbox');
    expect((await first.store.readStream('channel-demo-sandbox')).map((e) => e.type)).toEqual([
      'ChannelSessionRequested',
      'ChannelConnected',
    ]);
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    // Workspace and its plan, owner account, membership, the default canned replies, demo WhatsApp session (2).
    const seeded = 6 + DEFAULT_CANNED_REPLIES.length;
    expect(await first.store.lastGlobalPosition()).toBe(seeded);
    // Only the user Atende runs as can read its data: the folder 0700, every file in it 0600.
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toEqual(
      expect.arrayContaining(['events.db', 'events.db-wal', 'sessions.db', 'sandbox.db']),
    );
    for (const file of files) expect([file, statSync(path.join(dir, file)).mode & 0o077]).toEqual([file, 0]);
    const notFound = await fetch(`${first.url}/api/nada`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({
      success: false,
      error: 'Rota não encontrada',
      code: 'NOT_FOUND',
    });
    // A route that takes no query refuses one, as it refuses unknown fields (400, nothing done).
    const withQuery = await fetch(`${first.url}/api/auth/login?userId=outro`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
    });
    expect(withQuery.status).toBe(400);
    expect(await withQuery.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    // The sandbox's token is made at the first start, kept in DATA_DIR (0600) and the same after a restart.
    const token = first.sandboxToken!;
    expect(token).toMatch(/^[\w-]{32}$/);
    expect(readFileSync(path.join(dir, 'sandbox-token'), 'utf8').trim()).toBe(token);
    const customerWrites = (url: string, providerMessageId: string, sandboxToken = token) =>
      fetch(`${url}/api/sandbox/whatsapp/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-token': sandboxToken },
        body: JSON.stringify({
          sessionId: 'demo-sandbox',
          from: '5511988887777',
          text: 'Olá!',
          providerMessageId,
        }),
      });
    expect((await customerWrites(first.url, 'demo-0', '')).status).toBe(401);
    expect((await customerWrites(first.url, 'demo-0', `${token}x`)).status).toBe(401);
    expect((await customerWrites(first.url, 'demo-1')).status).toBe(200);
    await first.stop();

    // A restart on the same data folder finds the workspace and writes nothing new.
    const second = await startEmbedded(config, logger);
    expect(second.sandboxToken).toBe(token);
    expect(second.demo.created).toBe(false);
    expect(second.demo.ownerId).toBe(first.demo.ownerId);
    const afterFirst = await second.store.lastGlobalPosition();
    expect(afterFirst).toBeGreaterThan(seeded); // the customer's message (conversation started + received)
    // The demo phone is paired again after a restart.
    expect((await customerWrites(second.url, 'demo-2')).status).toBe(200);
    await second.stop();
  });

  it('uses the configured owner instead of the demo account', async () => {
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dir,
      ATENDE_OWNER_EMAIL: 'Dona@Loja.com.br',
      ATENDE_OWNER_PASSWORD: 'senha-forte-1',
    });
    const atende = await startEmbedded(config, logger);
    expect(atende.demo.demoCredentials).toBeUndefined();
    // A real deployment: no simulated phone unless WHATSAPP_DRIVER=sandbox says so.
    expect(config.whatsappDriver).toBe('wwebjs');
    expect(atende.sandbox).toBeUndefined();
    expect((await fetch(`${atende.url}/api/sandbox/whatsapp/outbox?sessionId=demo-sandbox`)).status).toBe(
      404,
    );
    const user = await atende.store.readStream(`user-${atende.demo.ownerId}`);
    expect(user[0]?.data).toMatchObject({ email: 'dona@loja.com.br', authProvider: 'local' });
    const member = await atende.store.readStream(`member-minha-empresa-${atende.demo.ownerId}`);
    expect(member[0]?.data).toMatchObject({ role: 'Owner', status: 'active' });
    await atende.stop();
  });

  it('serves the read models other code made while it rebuilds them in the background, then switches', async () => {
    const config = loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir });
    const first = await startEmbedded(config, logger, { channel: false });
    const conversations = JSON.stringify(await first.readModels.view('conversations').dump());
    await first.stop();
    // An upgrade changed the conversations projection: its kept version was made by other code.
    const file = new Database(path.join(dir, SQLITE_READ_MODELS_FILE));
    const changed = file
      .prepare("UPDATE rm_meta SET value = 'código anterior' WHERE key LIKE 'code:conversations@%'")
      .run().changes;
    file.close();
    expect(changed).toBe(1);

    const second = await startEmbedded(config, logger, { channel: false });
    try {
      const kept = second.readModels as SqliteReadModels;
      expect(second.restoredReadModels).toBe(true);
      // Served at once, from the kept version, while the rebuild runs.
      expect(JSON.stringify(await kept.view('conversations').dump())).toBe(conversations);
      expect(kept.outdated()).toEqual(['conversations']);
      await second.outdatedRebuilt;
      expect(kept.outdated()).toEqual([]);
      expect(JSON.stringify(await kept.view('conversations').dump())).toBe(conversations);
    } finally {
      await second.stop();
    }
  });
});
