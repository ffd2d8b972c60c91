import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
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
    const health = await fetch(`${first.url}/healthz`);
    expect(health.status).toBe(200);
    const body = (await health.json()) as { status: string; eventStore: { lastGlobalPosition: number } };
    expect(body.status).toBe('ok');
    expect(body.eventStore.lastGlobalPosition).toBe(3);
    const notFound = await fetch(`${first.url}/nada`);
    expect(notFound.status).toBe(404);
    expect(await notFound.json()).toEqual({
      success: false,
      error: 'Rota não encontrada',
      code: 'NOT_FOUND',
    });
    await first.stop();

    // A restart on the same data folder finds the workspace and writes nothing new.
    const second = await startEmbedded(config, logger);
    expect(second.demo.created).toBe(false);
    expect(second.demo.ownerId).toBe(first.demo.ownerId);
    expect(await second.store.lastGlobalPosition()).toBe(3);
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
    const user = await atende.store.readStream(`user-${atende.demo.ownerId}`);
    expect(user[0]?.data).toMatchObject({ email: 'dona@loja.com.br', authProvider: 'local' });
    const member = await atende.store.readStream(`member-minha-empresa-${atende.demo.ownerId}`);
    expect(member[0]?.data).toMatchObject({ role: 'Owner', status: 'active' });
    await atende.stop();
  });
});
