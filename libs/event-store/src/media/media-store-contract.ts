import { randomBytes } from 'node:crypto';
import { MediaIdTakenError, type MediaStore } from '@atende/events';

/**
 * The behaviour every MediaStore adapter must have. `open` makes another store on one place (a
 * folder, a database schema), as another process would; each test uses fresh ids.
 */
export function mediaStoreContract(name: string, open: () => Promise<MediaStore>): void {
  describe(`${name}: MediaStore contract`, () => {
    let store: MediaStore;
    const unique = (prefix: string) => `${prefix}-${randomBytes(6).toString('hex')}`;
    /** An id as the WhatsApp driver makes them: the session's folder, a hash, the type's extension. */
    const mediaId = (session = unique('s'), extension = 'jpg') =>
      `${session}/${randomBytes(32).toString('hex')}.${extension}`;
    beforeEach(async () => {
      store = await open();
    });
    afterEach(async () => store.close());

    it('gives back the bytes and content type it was given; a second put replaces them', async () => {
      const ws = unique('ws');
      const photo = mediaId();
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 1, 2, 3]);
      await store.put(ws, photo, jpeg, 'image/jpeg');
      expect(await store.get(ws, photo)).toEqual({ bytes: jpeg, contentType: 'image/jpeg' });

      const audio = mediaId(photo.split('/')[0], 'ogg');
      await store.put(ws, audio, Buffer.from('OggS'), 'audio/ogg');
      await store.put(ws, photo, Buffer.from('outra foto'), 'image/jpeg');
      expect((await store.get(ws, photo))!.bytes.toString()).toBe('outra foto');
      expect(await store.get(ws, audio)).toEqual({ bytes: Buffer.from('OggS'), contentType: 'audio/ogg' });
    });

    it('keeps every byte value, and files of a few megabytes, exactly', async () => {
      const ws = unique('ws');
      const id = mediaId(undefined, 'pdf');
      const bytes = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, i) => i)),
        randomBytes(3 << 20),
      ]);
      await store.put(ws, id, bytes, 'application/pdf');
      const found = await store.get(ws, id);
      expect(found!.bytes.equals(bytes)).toBe(true);
      expect(found!.contentType).toBe('application/pdf');
    });

    it("deletes a whole workspace's media, and nothing of another's whatever folders are named", async () => {
      const [gone, stays] = [unique('ws'), unique('ws')];
      const [ours, theirs] = [unique('s'), unique('s')];
      const ids = [mediaId(ours), mediaId(ours, 'ogg')];
      for (const id of ids) await store.put(gone, id, Buffer.from('do cliente'), 'image/jpeg');
      const other = mediaId(theirs);
      await store.put(stays, other, Buffer.from('de outra empresa'), 'image/jpeg');
      await store.deleteWorkspace(gone, [ours, theirs, '..', '']);
      for (const id of ids) expect(await store.get(gone, id)).toBeUndefined();
      expect((await store.get(stays, other))!.bytes.toString()).toBe('de outra empresa');
      await expect(store.deleteWorkspace(gone, [ours])).resolves.toBeUndefined();
    });

    it('finds nothing under an unknown id, nor under one that is not an id', async () => {
      const ws = unique('ws');
      const known = unique('s');
      await store.put(ws, mediaId(known), Buffer.from('x'), 'image/jpeg');
      expect(await store.get(ws, mediaId())).toBeUndefined();
      expect(await store.get(ws, mediaId(known))).toBeUndefined();
      const bad = ['../events.db', `${known}/../../x.jpg`, `${known}/.workspace`, '/etc/passwd', '', 'a/b/c'];
      for (const id of bad) {
        expect(await store.get(ws, id)).toBeUndefined();
        await expect(store.delete(ws, id)).resolves.toBeUndefined();
      }
      await expect(store.put(ws, '../fora.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow();
    });

    it("never lets one workspace read, replace or delete another's media by its id", async () => {
      const owner = unique('ws');
      const stranger = unique('ws');
      const id = mediaId();
      await store.put(owner, id, Buffer.from('foto do cliente'), 'image/jpeg');

      expect(await store.get(stranger, id)).toBeUndefined();
      await expect(store.put(stranger, id, Buffer.from('trocada'), 'image/jpeg')).rejects.toBeInstanceOf(
        MediaIdTakenError,
      );
      await store.delete(stranger, id);
      expect(await store.get(stranger, id)).toBeUndefined();
      expect(await store.get(owner, id)).toEqual({
        bytes: Buffer.from('foto do cliente'),
        contentType: 'image/jpeg',
      });
    });

    it('deletes one media of a workspace, others stay; deleting again is harmless', async () => {
      const ws = unique('ws');
      const session = unique('s');
      const [gone, kept] = [mediaId(session), mediaId(session)];
      await store.put(ws, gone, Buffer.from('apagar'), 'image/jpeg');
      await store.put(ws, kept, Buffer.from('manter'), 'image/jpeg');
      await store.delete(ws, gone);
      expect(await store.get(ws, gone)).toBeUndefined();
      await store.delete(ws, gone);
      await store.delete(ws, mediaId());
      expect((await store.get(ws, kept))!.bytes.toString()).toBe('manter');

      // A download retried after the erasure stores it again.
      await store.put(ws, gone, Buffer.from('de novo'), 'image/jpeg');
      expect((await store.get(ws, gone))!.bytes.toString()).toBe('de novo');
    });

    it('agrees with another store on the same place (another process, another machine)', async () => {
      const other = await open();
      try {
        const ws = unique('ws');
        const id = mediaId();
        await store.put(ws, id, Buffer.from('compartilhada'), 'image/jpeg');
        expect((await other.get(ws, id))!.bytes.toString()).toBe('compartilhada');
        await expect(other.put(unique('ws'), id, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
          MediaIdTakenError,
        );
        await other.delete(ws, id);
        expect(await store.get(ws, id)).toBeUndefined();
      } finally {
        await other.close();
      }
    });
  });
}
