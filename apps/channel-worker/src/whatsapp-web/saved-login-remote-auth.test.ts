import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WAWebJS from 'whatsapp-web.js';
import {
  FieldCipher,
  MasterKey,
  SealedSessionArchives,
  SqliteKeyStore,
  SqliteSessionArchiveStore,
} from '@atende/event-store';
import { SavedLoginAuth, type RemoteAuthLike } from './saved-login-auth.js';
import { SavedLoginStore } from './saved-login-store.js';

/** Chromium's profile holds it in the clear; a zip keeps file names as they are. */
const MARKER = 'MARCADOR-DO-LOGIN-7f3a';
const WS = 'ws-loja';
const SESSION = 's-1';
const NAME = `RemoteAuth-${SESSION}`;

/** What RemoteAuth needs of a Client: its puppeteer options (it sets userDataDir) and emit. */
const fakeClient = () => ({ options: { puppeteer: {} as { userDataDir?: string } }, emit: jest.fn() });

describe('RemoteAuth (the real class) over the sealed saved-login store', () => {
  let root: string;
  let keys: SqliteKeyStore;
  let cipher: FieldCipher;
  let raw: SqliteSessionArchiveStore;
  let archives: SealedSessionArchives;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'atende-remote-auth-'));
    keys = new SqliteKeyStore(':memory:', MasterKey.random());
    cipher = new FieldCipher(keys);
    raw = new SqliteSessionArchiveStore(join(root, 'wwebjs-sessions.db'));
    archives = new SealedSessionArchives(raw, cipher);
  });
  afterEach(async () => {
    await archives.close();
    await keys.close();
    await rm(root, { recursive: true, force: true });
  });

  /** One machine's RemoteAuth of the session, its working folder under `machine`. */
  function remoteAuthOn(
    machine: string,
    options: { firstBackupAfterMs?: number; backupEveryMs?: number } = {},
  ) {
    const dataPath = join(root, machine);
    const store = new SavedLoginStore({
      archives,
      workspaceId: WS,
      sessionId: SESSION,
      dataPath,
      sessionName: NAME,
    });
    const auth = new WAWebJS.RemoteAuth({ clientId: SESSION, dataPath, store, backupSyncIntervalMs: 60_000 });
    const remote = auth as unknown as RemoteAuthLike;
    const client = fakeClient();
    const warn = jest.fn();
    // What the factory gives the Client: RemoteAuth itself, with the unpacking awaited in full.
    const saved = new SavedLoginAuth(remote, {
      firstBackupAfterMs: options.firstBackupAfterMs ?? 10,
      backupEveryMs: options.backupEveryMs ?? 60_000,
      warn,
    });
    saved.setup(client);
    return { remote, auth: saved, warn, store, client, dataPath, profile: join(dataPath, NAME) };
  }

  /** A profile as Chromium leaves it: what RemoteAuth keeps is under Default/. */
  async function writeProfile(profile: string) {
    await mkdir(join(profile, 'Default', 'Local Storage', 'leveldb'), { recursive: true });
    await writeFile(
      join(profile, 'Default', 'Local Storage', 'leveldb', `${MARKER}.log`),
      `segredo ${MARKER}`,
    );
    await mkdir(join(profile, 'Default', 'Cache'), { recursive: true });
    await writeFile(join(profile, 'Default', 'Cache', 'not-kept'), 'cache');
  }

  it('saves a login on one machine and restores it on another; the store holds only ciphertext', async () => {
    const first = remoteAuthOn('machine-a');
    await first.remote.beforeBrowserInitialized(); // nothing saved yet: an empty profile
    expect(first.client.options.puppeteer.userDataDir).toBe(first.profile);
    expect(await readdir(first.profile)).toEqual([]);
    await writeProfile(first.profile);
    await first.remote.storeRemoteSession({ emit: true });
    expect(first.client.emit).toHaveBeenCalledWith('remote_session_saved');
    // The zip and the staging folder are gone; what was saved is sealed.
    expect((await readdir(first.dataPath)).sort()).toEqual([NAME]);
    const stored = (await raw.get(WS, SESSION))!;
    expect(stored.includes(Buffer.from(MARKER))).toBe(false);
    for (const file of ['wwebjs-sessions.db', 'wwebjs-sessions.db-wal']) {
      expect((await readFile(join(root, file))).includes(Buffer.from(MARKER))).toBe(false);
    }
    // …while what it seals is the zip, whose entry names hold the marker in the clear.
    expect((await archives.get(WS, SESSION))!.includes(Buffer.from(MARKER))).toBe(true);

    await rm(first.dataPath, { recursive: true, force: true }); // the machine is gone
    const second = remoteAuthOn('machine-b');
    await mkdir(second.dataPath, { recursive: true });
    expect(await second.store.sessionExists({ session: NAME })).toBe(true);
    await second.remote.beforeBrowserInitialized();
    const file = join(second.profile, 'Default', 'Local Storage', 'leveldb', `${MARKER}.log`);
    expect(await readFile(file, 'utf8')).toBe(`segredo ${MARKER}`);
    expect(await readdir(join(second.profile, 'Default'))).toEqual(['Local Storage']); // no cache
    expect(await readdir(second.dataPath)).toEqual([NAME]); // the zip was removed once unpacked
  });

  it("restores nothing once the workspace's keys are destroyed: an empty profile, a new QR code", async () => {
    const first = remoteAuthOn('machine-a');
    await first.remote.beforeBrowserInitialized();
    await writeProfile(first.profile);
    await first.remote.storeRemoteSession();
    await cipher.destroyWorkspace(WS);

    const second = remoteAuthOn('machine-b');
    await mkdir(second.dataPath, { recursive: true });
    expect(await second.store.sessionExists({ session: NAME })).toBe(false);
    await second.remote.beforeBrowserInitialized();
    expect(await readdir(second.profile)).toEqual([]);
    // Asked directly, extract writes a zip with nothing in it.
    const zip = join(second.dataPath, 'direct.zip');
    await second.store.extract({ session: NAME, path: zip });
    expect((await readFile(zip)).includes(Buffer.from(MARKER))).toBe(false);
  });

  it('answers for its own session only', async () => {
    const { store } = remoteAuthOn('machine-a');
    await expect(store.sessionExists({ session: 'RemoteAuth-other' })).rejects.toThrow(/asked for/);
  });

  describe('SavedLoginAuth', () => {
    const until = async (probe: () => Promise<boolean>) => {
      for (let i = 0; i < 200 && !(await probe()); i += 1) await new Promise((r) => setTimeout(r, 10));
    };

    it('saves a new login after the settling wait, and removes the working copy when destroyed', async () => {
      const { auth, store, profile, dataPath, client } = remoteAuthOn('machine-a');
      await auth.beforeBrowserInitialized();
      await writeProfile(profile);
      await auth.afterAuthReady();
      expect(await store.has()).toBe(true);
      expect(client.emit).toHaveBeenCalledWith('remote_session_saved');
      await auth.destroy();
      await expect(readdir(dataPath)).rejects.toThrow(); // the client's folder, profile and all
      expect(await store.has()).toBe(true); // the saved login stays for the next start
    });

    it('backs up periodically without ever rejecting, and stops at destroy', async () => {
      const { auth, profile, warn } = remoteAuthOn('machine-a', { backupEveryMs: 20 });
      await auth.beforeBrowserInitialized();
      await writeProfile(profile);
      await archives.put(WS, SESSION, Buffer.from('older backup')); // restored: no settling wait
      const put = jest.spyOn(archives, 'put').mockRejectedValueOnce(new Error('database down'));
      await auth.afterAuthReady();
      await until(async () => put.mock.calls.length >= 2);
      expect(warn).toHaveBeenCalledWith(expect.any(Error), 'WhatsApp login backup failed');
      expect((await archives.get(WS, SESSION))!.includes(Buffer.from(MARKER))).toBe(true);
      await auth.destroy();
      const calls = put.mock.calls.length;
      await new Promise((r) => setTimeout(r, 60));
      expect(put.mock.calls.length).toBe(calls);
    });

    it('a destroy during the settling wait cancels the first backup', async () => {
      const { auth, profile, store } = remoteAuthOn('machine-a', { firstBackupAfterMs: 60_000 });
      await auth.beforeBrowserInitialized();
      await writeProfile(profile);
      const ready = auth.afterAuthReady();
      await auth.destroy();
      await ready; // resolves at once, no timer left behind
      expect(await store.has()).toBe(false);
    });

    it('keeps the saved login on a disconnect; a logout deletes it with the working copy', async () => {
      const { auth, profile, store } = remoteAuthOn('machine-a');
      await auth.beforeBrowserInitialized();
      await writeProfile(profile);
      await auth.afterAuthReady();
      await auth.disconnect();
      expect(await store.has()).toBe(true);
      await auth.logout();
      expect(await store.has()).toBe(false);
      await expect(readdir(profile)).rejects.toThrow();
    });
  });
});
