import { join } from 'node:path';
import { CHROMIUM_ARGS, wwebjsClientFactory, wwebjsExports } from './wwebjs-client-factory.js';

class FakeLocalAuth {
  constructor(readonly options: unknown) {}
}
class FakeClient {
  constructor(readonly options: { authStrategy: FakeLocalAuth; puppeteer: Record<string, unknown> }) {}
}

describe('wwebjsClientFactory', () => {
  it('builds a Client with LocalAuth per session and a headless system Chromium', async () => {
    const load = jest.fn(async () => ({ default: { Client: FakeClient, LocalAuth: FakeLocalAuth } }));
    const create = wwebjsClientFactory({ dataDir: '/srv/data', load });
    expect(load).not.toHaveBeenCalled(); // nothing loads until a client is needed
    const client = (await create('s-1')) as unknown as FakeClient;
    expect(client).toBeInstanceOf(FakeClient);
    expect(client.options.authStrategy.options).toEqual({
      clientId: 's-1',
      dataPath: join('/srv/data', 'wwebjs-auth'),
    });
    expect(client.options.puppeteer).toEqual({
      executablePath: '/usr/bin/chromium',
      headless: true,
      args: CHROMIUM_ARGS,
    });
    expect(CHROMIUM_ARGS).toEqual(expect.arrayContaining(['--no-sandbox', '--disable-gpu']));
  });

  it('takes the Chromium path and extra flags, and makes the session id a valid clientId', async () => {
    const load = async () => ({ Client: FakeClient, LocalAuth: FakeLocalAuth });
    const create = wwebjsClientFactory({
      dataDir: 'd',
      chromiumPath: '/opt/chrome',
      extraArgs: ['--lang=pt-BR'],
      load,
    });
    const client = (await create('sessão 1')) as unknown as FakeClient;
    expect(client.options.puppeteer.executablePath).toBe('/opt/chrome');
    expect(client.options.puppeteer.args).toEqual([...CHROMIUM_ARGS, '--lang=pt-BR']);
    expect((client.options.authStrategy.options as { clientId: string }).clientId).toMatch(/^h-[a-f0-9]+$/);
  });

  it('wwebjsExports accepts the module or its CommonJS default, and refuses anything else', () => {
    const exports = { Client: FakeClient, LocalAuth: FakeLocalAuth };
    expect(wwebjsExports(exports)).toBe(exports);
    expect(wwebjsExports({ default: exports })).toBe(exports);
    expect(() => wwebjsExports({ default: {} })).toThrow(/did not load/);
  });

  it('with the real whatsapp-web.js, makes a Client without launching a browser', async () => {
    const create = wwebjsClientFactory({ dataDir: '/tmp/atende-wwebjs-test' });
    const client = await create('s-real');
    const real = client as unknown as {
      options: { puppeteer: { executablePath: string; headless: boolean } };
      authStrategy: { clientId: string };
      pupBrowser: unknown;
    };
    expect(real.options.puppeteer).toMatchObject({ executablePath: '/usr/bin/chromium', headless: true });
    expect(real.authStrategy.clientId).toBe('s-real');
    expect(real.pupBrowser).toBeNull();
    await client.destroy(); // nothing launched: nothing to close
  });
});
