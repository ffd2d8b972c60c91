import { REMOVED_PLACEHOLDER, type KeyStore } from '@atende/events';
import { MasterKey } from './master-key.js';
import { openField, sealField } from './sealed-field.js';

/** The behaviour every KeyStore adapter must have (`open` makes a fresh store with a master key). */
export function keyStoreContract(name: string, open: (master: MasterKey) => Promise<KeyStore>): void {
  describe(`${name}: KeyStore contract`, () => {
    let master: MasterKey;
    let store: KeyStore;
    const subject = (s: string) => `${s}-${Math.random().toString(36).slice(2)}`;
    beforeEach(async () => {
      master = MasterKey.random();
      store = await open(master);
    });
    afterEach(async () => store.close());

    it('gives a subject one 256-bit key, the same every time, found again by its id', async () => {
      const s = subject('contact:ws1:5511');
      const first = await store.activeKey(s);
      expect(first.keyId).toBe(`${s}#1`);
      expect(first.key).toHaveLength(32);
      expect((await store.activeKey(s)).key.equals(first.key)).toBe(true);
      expect((await store.keyById(first.keyId))!.equals(first.key)).toBe(true);
      expect((await store.activeKey(subject('outro'))).key.equals(first.key)).toBe(false);
      expect(await store.keyById('nao-existe#1')).toBeUndefined();
    });

    it('destroys a subject: its fields read as the placeholder, and a new key starts fresh', async () => {
      const s = subject('contact:ws1:5511');
      const { keyId, key } = await store.activeKey(s);
      const sealed = sealField(keyId, key, 'Maria, 5511999990000: meu pedido');
      expect(openField(sealed, await store.keyById(keyId))).toBe('Maria, 5511999990000: meu pedido');
      expect(await store.destroySubject(s)).toBe(1);
      expect(await store.destroySubject(s)).toBe(0);
      expect(await store.keyById(keyId)).toBeUndefined();
      expect(openField(sealed, await store.keyById(keyId))).toBe(REMOVED_PLACEHOLDER);
      const fresh = await store.activeKey(s);
      expect(fresh.keyId).toBe(`${s}#2`);
      expect(fresh.key.equals(key)).toBe(false);
    });

    it("destroys every subject of a prefix (a workspace's keys) and no other", async () => {
      const ws = subject('ws');
      const a = await store.activeKey(`${ws}:secrets`);
      const b = await store.activeKey(`contact:${ws}:5511`);
      const other = await store.activeKey(`${subject('ws')}:secrets`);
      expect(await store.destroySubjectsWithPrefix(`${ws}:`)).toBe(1);
      expect(await store.destroySubjectsWithPrefix(`contact:${ws}:`)).toBe(1);
      expect(await store.keyById(a.keyId)).toBeUndefined();
      expect(await store.keyById(b.keyId)).toBeUndefined();
      expect(await store.keyById(other.keyId)).toBeDefined();
    });

    it('rewraps every live key with a new master key and keeps reading them', async () => {
      const kept = await store.activeKey(subject('ws'));
      const gone = await store.activeKey(subject('ws'));
      await store.destroySubject(gone.keyId.slice(0, gone.keyId.lastIndexOf('#')));
      const next = MasterKey.random();
      expect(await store.rewrap(next)).toBe(1);
      expect((await store.keyById(kept.keyId))!.equals(kept.key)).toBe(true);
    });
  });
}
