import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { KeyStore } from '@atende/events';
import { FieldCipher } from '../keys/field-cipher.js';
import { MasterKey } from '../keys/master-key.js';
import { SqliteKeyStore } from '../keys/sqlite-key-store.js';
import { SealedSessionArchives, archiveKeyId } from './sealed-session-archives.js';
import { sessionArchiveStoreContract } from './session-archive-store-contract.js';
import { SqliteSessionArchiveStore } from './sqlite-session-archive-store.js';

/** What a zipped profile holds in the clear: file names (a zip never compresses those) and texts. */
const MARKER = 'Default/Local Storage/leveldb/MARCADOR-DO-PERFIL.log';

describe('SealedSessionArchives', () => {
  let dir: string;
  let keys: KeyStore;
  let cipher: FieldCipher;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-sealed-archives-'));
    keys = new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random());
    cipher = new FieldCipher(keys);
  });
  afterAll(async () => {
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  });

  sessionArchiveStoreContract(
    'SealedSessionArchives over SQLite',
    async () =>
      new SealedSessionArchives(new SqliteSessionArchiveStore(path.join(dir, 'contract.db')), cipher),
  );

  function open() {
    const raw = new SqliteSessionArchiveStore(':memory:');
    const warn = jest.fn();
    return { raw, warn, sealed: new SealedSessionArchives(raw, cipher, { warn }) };
  }

  it("hands the adapter only ciphertext, under the workspace's key, named beside it", async () => {
    const { raw, sealed } = open();
    const plain = Buffer.from(`PK\x03\x04${MARKER}conteúdo do perfil`);
    await sealed.put('ws-a', 's-1', plain);
    const stored = (await raw.get('ws-a', 's-1'))!;
    expect(stored.includes(Buffer.from('MARCADOR-DO-PERFIL'))).toBe(false);
    expect(stored.includes(Buffer.from('perfil'))).toBe(false);
    expect(archiveKeyId(stored)).toBe((await keys.activeKey('workspace:ws-a')).keyId);
    expect((await sealed.get('ws-a', 's-1'))!.equals(plain)).toBe(true);
    await sealed.close();
  });

  it("reads as no saved login once the workspace's keys are destroyed, never as an error", async () => {
    const { raw, sealed, warn } = open();
    await sealed.put('ws-erased', 's-1', Buffer.from(MARKER));
    await cipher.destroyWorkspace('ws-erased');
    expect(await sealed.get('ws-erased', 's-1')).toBeUndefined();
    expect(warn).not.toHaveBeenCalled();
    // The ciphertext is still there (until it is deleted): nothing can open it.
    expect(await raw.get('ws-erased', 's-1')).toBeDefined();
    // A new login is sealed under a new key and reads again.
    await sealed.put('ws-erased', 's-1', Buffer.from('novo login'));
    expect((await sealed.get('ws-erased', 's-1'))!.toString()).toBe('novo login');
    await sealed.close();
  });

  it('treats a changed, moved or foreign archive as none, with a warning', async () => {
    const { raw, sealed, warn } = open();
    await sealed.put('ws-a', 's-1', Buffer.from(MARKER));
    const stored = (await raw.get('ws-a', 's-1'))!;
    // Copied under another session of the same workspace: its additional data does not match.
    await raw.put('ws-a', 's-2', stored);
    expect(await sealed.get('ws-a', 's-2')).toBeUndefined();
    // Copied into another workspace: that workspace's keys only.
    await raw.put('ws-b', 's-1', stored);
    expect(await sealed.get('ws-b', 's-1')).toBeUndefined();
    // One byte changed.
    const changed = Buffer.from(stored);
    changed[changed.length - 20]! ^= 1;
    await raw.put('ws-a', 's-1', changed);
    expect(await sealed.get('ws-a', 's-1')).toBeUndefined();
    // Plain bytes written by something else.
    await raw.put('ws-a', 's-3', Buffer.from('PK plain'));
    expect(await sealed.get('ws-a', 's-3')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(4);
    await sealed.close();
  });

  it('fails (keeps the login) when the key store cannot answer', async () => {
    const raw = new SqliteSessionArchiveStore(':memory:');
    await new SealedSessionArchives(raw, cipher).put('ws-a', 's-1', Buffer.from('login'));
    const down = new Error('key store unreachable');
    const broken = new SealedSessionArchives(raw, {
      subjectOf: cipher.subjectOf.bind(cipher),
      keys: {
        activeKey: () => Promise.reject(down),
        keyById: () => Promise.reject(down),
      } as unknown as KeyStore,
    });
    await expect(broken.get('ws-a', 's-1')).rejects.toBe(down);
    await expect(broken.put('ws-a', 's-1', Buffer.from('x'))).rejects.toBe(down);
    expect(await raw.get('ws-a', 's-1')).toBeDefined();
    await broken.close();
  });
});
