import { randomBytes } from 'node:crypto';
import type { SessionArchiveStore } from '@atende/events';

/**
 * The behaviour every SessionArchiveStore must have (the adapters, and the sealed store over them).
 * `open` makes another store on one place (a file, a database schema), as another process or
 * machine would; each test uses fresh ids.
 */
export function sessionArchiveStoreContract(name: string, open: () => Promise<SessionArchiveStore>): void {
  describe(`${name}: SessionArchiveStore contract`, () => {
    let store: SessionArchiveStore;
    const unique = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => store.close());

    it('gives back the archive it was given; a newer backup replaces it', async () => {
      const [ws, session] = [unique('ws'), unique('s')];
      await store.put(ws, session, Buffer.from('PK primeira cópia'));
      expect((await store.get(ws, session))!.toString()).toBe('PK primeira cópia');
      await store.put(ws, session, Buffer.from('PK segunda cópia'));
      expect((await store.get(ws, session))!.toString()).toBe('PK segunda cópia');
    });

    it('keeps every byte value, and archives of several megabytes, exactly', async () => {
      const [ws, session] = [unique('ws'), unique('s')];
      const bytes = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(4 << 20),
      ]);
      await store.put(ws, session, bytes);
      expect((await store.get(ws, session))!.equals(bytes)).toBe(true);
    });

    it('finds nothing for an unknown session, and deletes one session of a workspace only', async () => {
      const ws = unique('ws');
      const [gone, kept] = [unique('s'), unique('s')];
      expect(await store.get(ws, gone)).toBeUndefined();
      await store.put(ws, gone, Buffer.from('apagar'));
      await store.put(ws, kept, Buffer.from('manter'));
      await store.delete(ws, gone);
      expect(await store.get(ws, gone)).toBeUndefined();
      await expect(store.delete(ws, gone)).resolves.toBeUndefined();
      expect((await store.get(ws, kept))!.toString()).toBe('manter');
    });

    it("never lets one workspace read, replace or delete another's archive", async () => {
      const [owner, stranger, session] = [unique('ws'), unique('ws'), unique('s')];
      await store.put(owner, session, Buffer.from('login da empresa'));
      expect(await store.get(stranger, session)).toBeUndefined();
      await store.delete(stranger, session);
      await store.deleteWorkspace(stranger);
      expect((await store.get(owner, session))!.toString()).toBe('login da empresa');
    });

    it("deletes a whole workspace's archives and nothing of another's; again is harmless", async () => {
      const [gone, stays] = [unique('ws'), unique('ws')];
      const sessions = [unique('s'), unique('s')];
      for (const session of sessions) await store.put(gone, session, Buffer.from('da empresa apagada'));
      const other = unique('s');
      await store.put(stays, other, Buffer.from('de outra empresa'));
      await store.deleteWorkspace(gone);
      for (const session of sessions) expect(await store.get(gone, session)).toBeUndefined();
      expect((await store.get(stays, other))!.toString()).toBe('de outra empresa');
      await expect(store.deleteWorkspace(gone)).resolves.toBeUndefined();
    });

    it('agrees with another store on the same place (another worker, another machine)', async () => {
      const other = await open();
      try {
        const [ws, session] = [unique('ws'), unique('s')];
        await store.put(ws, session, Buffer.from('salvo pelo primeiro'));
        expect((await other.get(ws, session))!.toString()).toBe('salvo pelo primeiro');
        await other.put(ws, session, Buffer.from('salvo pelo segundo'));
        expect((await store.get(ws, session))!.toString()).toBe('salvo pelo segundo');
        await other.delete(ws, session);
        expect(await store.get(ws, session)).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });
}
