import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  DEFAULT_BACKUP_EVERY_MS,
  CHROMIUM_ARGS,
  wwebjsClientFactory,
  wwebjsExports,
  type SavedLogins,
} from './wwebjs-client-factory.js';
import { SavedLoginAuth } from './saved-login-auth.js';
import { SavedLoginStore } from './saved-login-store.js';
import type { SessionArchiveStore } from '@atende/events';

class FakeLocalAuth {
  constructor(readonly options: unknown) {}
}
class FakeRemoteAuth {
  clientId: string;
  constructor(
    readonly options: { clientId: string; dataPath: string; store: unknown; backupSyncIntervalMs: number },
  ) {
    this.clientId = options.clientId;
  }
}
class FakeMessageMedia {
  constructor(
    readonly mimetype: string,
    readonly data: string,
    readonly filename: string | null,
  ) {}
}
class FakeClient {
  readonly sendMessage = jest.fn(async (_chatId: string, _content: unknown, _options?: unknown) => ({
    id: { _serialized: 'true_x@c.us_M1' },
  }));
  constructor(readonly options: { authStrategy: FakeLocalAuth; puppeteer: Record<string, unknown> }) {}
}
const fakeModule = {
  Client: FakeClient,
  LocalAuth: FakeLocalAuth,
  RemoteAuth: FakeRemoteAuth,
  MessageMedia: FakeMessageMedia,
};

/** An archive store with nothing saved (the import of an old LocalAuth folder asks it). */
const emptyArchives = (): SessionArchiveStore => ({
  put: jest.fn(async () => undefined),
  get: jest.fn(async () => undefined),
  delete: jest.fn(async () => undefined),
  deleteWorkspace: jest.fn(async () => undefined),
  close: jest.fn(async () => undefined),
});

describe('wwebjsClientFactory', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-wwebjs-factory-'));
  });
  afterEach(async () => rm(dataDir, { recursive: true, force: true }));

  it('without saved logins: a Client with LocalAuth per session and a headless system Chromium', async () => {
    const load = jest.fn(async () => ({ default: fakeModule }));
    const create = wwebjsClientFactory({ dataDir: '/srv/data', load });
    expect(load).not.toHaveBeenCalled(); // nothing loads until a client is needed
    const client = (await create('s-1')) as unknown as FakeClient;
    expect(client).toBeInstanceOf(FakeClient);
    expect(client.options.authStrategy).toBeInstanceOf(FakeLocalAuth);
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

  it("sends a file as the library's MessageMedia, with the send options", async () => {
    const create = wwebjsClientFactory({ dataDir: 'd', load: async () => fakeModule });
    const client = await create('s-1');
    const data = Buffer.from('%PDF-1.7').toString('base64');
    await client.sendMedia(
      '5511988887777@c.us',
      { mimetype: 'application/pdf', data, filename: 'a.pdf' },
      {
        caption: 'Contrato',
        sendMediaAsDocument: true,
      },
    );
    const [chatId, media, options] = (client as unknown as FakeClient).sendMessage.mock.calls[0]!;
    expect(chatId).toBe('5511988887777@c.us');
    expect(media).toBeInstanceOf(FakeMessageMedia);
    expect(media).toEqual(new FakeMessageMedia('application/pdf', data, 'a.pdf'));
    expect(options).toEqual({ caption: 'Contrato', sendMediaAsDocument: true });
  });

  it('takes the Chromium path and extra flags, and makes the session id a valid clientId', async () => {
    const create = wwebjsClientFactory({
      dataDir: 'd',
      chromiumPath: '/opt/chrome',
      extraArgs: ['--lang=pt-BR'],
      load: async () => fakeModule,
    });
    const client = (await create('sessão 1')) as unknown as FakeClient;
    expect(client.options.puppeteer.executablePath).toBe('/opt/chrome');
    expect(client.options.puppeteer.args).toEqual([...CHROMIUM_ARGS, '--lang=pt-BR']);
    expect((client.options.authStrategy.options as { clientId: string }).clientId).toMatch(/^h-[a-f0-9]+$/);
  });

  it("with saved logins: RemoteAuth on the session's store, its working copy in the worker's own folder", async () => {
    const archives = emptyArchives();
    const workspaceOf = jest.fn(async () => 'ws-1');
    const create = wwebjsClientFactory({
      dataDir,
      savedLogins: { archives, workspaceOf, workerId: 'worker-a' },
      load: async () => fakeModule,
    });
    const client = (await create('s-1')) as unknown as FakeClient;
    const strategy = client.options.authStrategy as unknown as SavedLoginAuth;
    expect(strategy).toBeInstanceOf(SavedLoginAuth);
    expect(strategy.clientId).toBe('s-1');
    expect(workspaceOf).toHaveBeenCalledWith('s-1');
    const remote = (strategy as unknown as { remote: FakeRemoteAuth }).remote;
    expect(remote.options).toMatchObject({ clientId: 's-1', backupSyncIntervalMs: DEFAULT_BACKUP_EVERY_MS });
    // A folder of its own in the worker's: a client still closing cannot remove the next one's.
    expect(remote.options.dataPath).toMatch(
      new RegExp(`^${join(dataDir, 'wwebjs-work', 'worker-a')}/s-1\\.[0-9a-f]{8}$`),
    );
    const again = (await create('s-1')) as unknown as FakeClient;
    const next = (again.options.authStrategy as unknown as { remote: FakeRemoteAuth }).remote;
    expect(next.options.dataPath).not.toBe(remote.options.dataPath);
    expect(remote.options.store).toBeInstanceOf(SavedLoginStore);
    expect(DEFAULT_BACKUP_EVERY_MS).toBeGreaterThanOrEqual(60_000); // RemoteAuth refuses less
  });

  it('empties the worker folder of working copies once, before its first client (a crash left them)', async () => {
    const work = join(dataDir, 'wwebjs-work', 'worker-a');
    await mkdir(join(work, 'RemoteAuth-old', 'Default'), { recursive: true });
    await writeFile(join(work, 'RemoteAuth-old', 'Default', 'Cookies'), 'login em claro');
    const savedLogins: SavedLogins = {
      archives: emptyArchives(),
      workspaceOf: async () => 'ws-1',
      workerId: 'worker-a',
    };
    const create = wwebjsClientFactory({ dataDir, savedLogins, load: async () => fakeModule });
    await create('s-1');
    const first = await readdir(work);
    expect(first).toEqual([expect.stringMatching(/^s-1\./)]); // the old profile is gone
    await create('s-2');
    expect((await readdir(work)).filter((f) => f.startsWith('s-1.'))).toEqual(first); // a client running now
  });

  it('refuses to make a client for a session of no known workspace (the channel retries later)', async () => {
    const create = wwebjsClientFactory({
      dataDir,
      savedLogins: { archives: emptyArchives(), workspaceOf: async () => undefined, workerId: 'w' },
      load: async () => fakeModule,
    });
    await expect(create('s-1')).rejects.toThrow(/no known workspace/);
  });

  it('wwebjsExports accepts the module or its CommonJS default, and refuses anything else', () => {
    expect(wwebjsExports(fakeModule)).toBe(fakeModule);
    expect(wwebjsExports({ default: fakeModule })).toBe(fakeModule);
    expect(() => wwebjsExports({ default: {} })).toThrow(/did not load/);
  });

  it('with the real whatsapp-web.js, makes a Client without launching a browser', async () => {
    for (const savedLogins of [
      undefined,
      { archives: emptyArchives(), workspaceOf: async () => 'ws-1', workerId: 'w' },
    ]) {
      const create = wwebjsClientFactory({ dataDir, savedLogins });
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
    }
  });
});
