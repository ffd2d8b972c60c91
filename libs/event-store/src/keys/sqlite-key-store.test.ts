import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { keyStoreContract } from './key-store-contract.js';
import { MasterKey, loadMasterKey } from './master-key.js';
import { SqliteKeyStore } from './sqlite-key-store.js';

keyStoreContract('SqliteKeyStore', async (master) => new SqliteKeyStore(':memory:', master));

describe('SqliteKeyStore on disk', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-keys-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps keys only wrapped, and a rotated master key is the one that reads them after a restart', async () => {
    const file = path.join(dir, 'keys.db');
    const master = MasterKey.random();
    let store = new SqliteKeyStore(file, master);
    const { keyId, key } = await store.activeKey('ws1:secrets');
    await store.close();
    const raw = readFileSync(file);
    expect(raw.includes(key)).toBe(false);
    expect(raw.toString('latin1').includes(key.toString('base64url'))).toBe(false);

    store = new SqliteKeyStore(file, master);
    const next = MasterKey.random();
    await store.rewrap(next);
    await store.close();
    store = new SqliteKeyStore(file, next);
    expect((await store.keyById(keyId))!.equals(key)).toBe(true);
    await store.close();
    // The old master key no longer opens them.
    store = new SqliteKeyStore(file, master);
    await expect(store.keyById(keyId)).rejects.toThrow();
    await store.close();
  });
});

describe('SqliteKeyStore, keys asked for together', () => {
  it('makes one key per subject for a burst of new customers, the same for two processes of one file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-keys-'));
    const file = path.join(dir, 'keys.db');
    const master = MasterKey.random();
    const one = new SqliteKeyStore(file, master);
    const two = new SqliteKeyStore(file, master);
    try {
      const subjects = Array.from({ length: 30 }, (_, i) => `contact:ws1:cliente-${i}`);
      // Each subject asked twice here and once by the other store, all at once.
      const asked = await Promise.all(
        subjects.flatMap((s) => [one.activeKey(s), one.activeKey(s), two.activeKey(s)]),
      );
      for (let i = 0; i < subjects.length; i += 1) {
        const [a, b, c] = asked.slice(i * 3, i * 3 + 3);
        expect(a!.keyId).toBe(`${subjects[i]}#1`);
        expect(b!.key.equals(a!.key) && c!.key.equals(a!.key)).toBe(true);
      }
      expect(new Set(asked.map((k) => k.key.toString('hex'))).size).toBe(subjects.length);
    } finally {
      await one.close();
      await two.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('loadMasterKey', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'atende-master-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('makes DATA_DIR/master.key (0600) once, reads it afterwards, and prefers ATENDE_MASTER_KEY', () => {
    const made = loadMasterKey(dir, undefined);
    expect(made.created).toBe(true);
    expect(statSync(made.file!).mode & 0o777).toBe(0o600);
    const again = loadMasterKey(dir, undefined);
    expect(again.created).toBe(false);
    expect(again.key.id).toBe(made.key.id);
    const configured = MasterKey.random();
    expect(loadMasterKey(dir, configured.toString()).key.id).toBe(configured.id);
    expect(() => MasterKey.parse('curta')).toThrow(/32 bytes/);
  });
});
