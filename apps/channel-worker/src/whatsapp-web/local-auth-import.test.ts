import { access, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  FieldCipher,
  MasterKey,
  SealedSessionArchives,
  SqliteKeyStore,
  SqliteSessionArchiveStore,
} from '@atende/event-store';
import type { ClientLike } from './client-like.js';
import { wwebjsClientFactory } from './wwebjs-client-factory.js';

/** What the Client of a session holds, as far as restoring its login goes. */
type RealClient = ClientLike & {
  options: { puppeteer: { userDataDir?: string } };
  authStrategy: { beforeBrowserInitialized(): Promise<void> };
};

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

describe('a LocalAuth login of an older version, at the first start with saved logins', () => {
  let dataDir: string;
  let keys: SqliteKeyStore;
  let archives: SealedSessionArchives;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'atende-local-auth-'));
    keys = new SqliteKeyStore(':memory:', MasterKey.random());
    archives = new SealedSessionArchives(new SqliteSessionArchiveStore(':memory:'), new FieldCipher(keys));
  });
  afterEach(async () => {
    await archives.close();
    await keys.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const legacy = () => join(dataDir, 'wwebjs-auth', 'session-s-1');
  async function writeLegacyProfile() {
    await mkdir(join(legacy(), 'Default', 'Local Storage'), { recursive: true });
    await writeFile(join(legacy(), 'Default', 'Local Storage', '000003.log'), 'login antigo');
  }
  const factory = () =>
    wwebjsClientFactory({
      dataDir,
      savedLogins: { archives, workspaceOf: async () => 'ws-1', workerId: 'w' },
    });

  it('is saved sealed, its plain folder removed, and restored into the working copy', async () => {
    await writeLegacyProfile();
    const client = (await factory()('s-1')) as RealClient;
    expect(await exists(legacy())).toBe(false);
    expect(await archives.get('ws-1', 's-1')).toBeDefined();

    await client.authStrategy.beforeBrowserInitialized(); // what initialize() does before Chromium starts
    const profile = client.options.puppeteer.userDataDir!;
    expect(profile).toMatch(/\/wwebjs-work\/w\/s-1\.[0-9a-f]{8}\/RemoteAuth-s-1$/);
    expect(await readFile(join(profile, 'Default', 'Local Storage', '000003.log'), 'utf8')).toBe(
      'login antigo',
    );
    await client.destroy(); // no browser: the working copy goes
    expect(await exists(profile)).toBe(false);
  });

  it('leaves a login saved already as it is, and only removes the plain folder', async () => {
    await archives.put('ws-1', 's-1', Buffer.from('mais novo'));
    await writeLegacyProfile();
    await factory()('s-1');
    expect(await exists(legacy())).toBe(false);
    expect((await archives.get('ws-1', 's-1'))!.toString()).toBe('mais novo');
  });
});
