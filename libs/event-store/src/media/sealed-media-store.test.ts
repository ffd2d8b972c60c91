import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { streams } from '@atende/events';
import { FieldCipher } from '../keys/field-cipher.js';
import { MasterKey } from '../keys/master-key.js';
import { SqliteKeyStore } from '../keys/sqlite-key-store.js';
import { FileMediaStore } from './file-media-store.js';
import { mediaStoreContract } from './media-store-contract.js';
import {
  SEALED_MEDIA_MAGIC,
  SealedMediaCorruptError,
  SealedMediaStore,
  isSealedMedia,
  sealMedia,
} from './sealed-media-store.js';

/** Every file under a folder, as bytes (what a backup of DATA_DIR/media holds). */
function filesUnder(dir: string): Buffer[] {
  const out: Buffer[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(file));
    else out.push(readFileSync(file));
  }
  return out;
}

describe('SealedMediaStore over files', () => {
  let dir: string;
  let root: string;
  let keys: SqliteKeyStore;
  let cipher: FieldCipher;
  const sealed = () => new SealedMediaStore(new FileMediaStore({ root }), cipher);
  const WS = 'ws-sealed';
  const CHAT = streams.conversation(WS, 'ct_0123456789abcdef01234567');
  const MARKER = 'FOTO-DO-RG-DA-CLIENTE-9f3a';
  const photo = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(MARKER)]);

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-sealed-media-'));
    root = path.join(dir, 'media');
    keys = new SqliteKeyStore(path.join(dir, 'keys.db'), MasterKey.random());
    cipher = new FieldCipher(keys);
  });
  afterAll(async () => {
    await keys.close();
    rmSync(dir, { recursive: true, force: true });
  });

  mediaStoreContract('SealedMediaStore(FileMediaStore)', async () => sealed());

  it("keeps only ciphertext on disk, sealed with the customer's key named in its header", async () => {
    const store = sealed();
    await store.put(WS, 's-disk/a.jpg', photo, 'image/jpeg', { conversationStreamId: CHAT });
    const raw = readFileSync(path.join(root, 's-disk', 'a.jpg'));
    expect(isSealedMedia(raw)).toBe(true);
    for (const file of filesUnder(root)) expect(file.includes(MARKER)).toBe(false);
    // The same key as the conversation's personal data in the log.
    const subject = await cipher.subjectOf('contact', CHAT, WS);
    const { keyId } = await keys.activeKey(subject);
    expect(raw.includes(Buffer.from(keyId))).toBe(true);
    expect(await store.get(WS, 's-disk/a.jpg')).toEqual({ bytes: photo, contentType: 'image/jpeg' });
  });

  it("answers nothing once the customer's key is destroyed (every copy, a backup's too)", async () => {
    const store = sealed();
    const other = streams.conversation(WS, 'ct_ffffffffffffffffffffffff');
    await store.put(WS, 's-erased/a.jpg', photo, 'image/jpeg', { conversationStreamId: CHAT });
    await store.put(WS, 's-erased/b.jpg', photo, 'image/jpeg', { conversationStreamId: other });
    const backup = readFileSync(path.join(root, 's-erased', 'a.jpg'));

    expect(await cipher.destroyContact(WS, CHAT)).toBeGreaterThan(0);
    expect(await store.get(WS, 's-erased/a.jpg')).toBeUndefined();
    // A backup restored over the erased file reads no better.
    writeFileSync(path.join(root, 's-erased', 'a.jpg'), backup);
    expect(await sealed().get(WS, 's-erased/a.jpg')).toBeUndefined();
    // Another customer's media is left readable.
    expect((await store.get(WS, 's-erased/b.jpg'))!.bytes.equals(photo)).toBe(true);

    // A download retried after the erasure is sealed with a fresh key of the same conversation.
    await store.put(WS, 's-erased/a.jpg', photo, 'image/jpeg', { conversationStreamId: CHAT });
    expect((await store.get(WS, 's-erased/a.jpg'))!.bytes.equals(photo)).toBe(true);
  });

  it("seals media of no known customer with the workspace's key, gone with the workspace", async () => {
    const store = sealed();
    await store.put('ws-gone', 's-nobody/a.ogg', Buffer.from(`OggS${MARKER}`), 'audio/ogg');
    expect(readFileSync(path.join(root, 's-nobody', 'a.ogg')).includes(MARKER)).toBe(false);
    expect((await store.get('ws-gone', 's-nobody/a.ogg'))!.bytes.toString()).toBe(`OggS${MARKER}`);
    await cipher.destroyWorkspace('ws-gone');
    expect(await store.get('ws-gone', 's-nobody/a.ogg')).toBeUndefined();
  });

  it('serves the plain files written before sealing as they are', async () => {
    const plain = Buffer.from('%PDF-1.7 antigo');
    await new FileMediaStore({ root }).put(WS, 's-legacy/doc.pdf', plain, 'application/pdf');
    expect(await sealed().get(WS, 's-legacy/doc.pdf')).toEqual({
      bytes: plain,
      contentType: 'application/pdf',
    });
    // Even one that happens to start like a header, when the rest is not one.
    const lookalike = Buffer.concat([SEALED_MEDIA_MAGIC, Buffer.from('? não é cabeçalho')]);
    mkdirSync(path.join(root, 's-legacy'), { recursive: true });
    writeFileSync(path.join(root, 's-legacy', 'odd.bin'), lookalike);
    expect((await sealed().get(WS, 's-legacy/odd.bin'))!.bytes.equals(lookalike)).toBe(true);
  });

  it("refuses a customer of another workspace, and bytes moved to another media's id", async () => {
    const store = sealed();
    await expect(
      store.put(WS, 's-x/a.jpg', photo, 'image/jpeg', {
        conversationStreamId: streams.conversation('ws-other', 'ct_1'),
      }),
    ).rejects.toThrow(TypeError);
    await store.put(WS, 's-x/b.jpg', photo, 'image/jpeg', { conversationStreamId: CHAT });
    // The id is authenticated with the bytes: copied under another name, they do not open.
    writeFileSync(path.join(root, 's-x', 'c.jpg'), readFileSync(path.join(root, 's-x', 'b.jpg')));
    await expect(store.get(WS, 's-x/c.jpg')).rejects.toBeInstanceOf(SealedMediaCorruptError);
  });

  it('writes magic, version, key id, iv, tag, then the ciphertext', () => {
    const key = Buffer.alloc(32, 7);
    const out = sealMedia('contact:ws:abc#2', key, 'ws', 's/a.jpg', Buffer.from('xyz'));
    const idLength = out.readUInt16BE(9);
    expect(out.subarray(0, 8)).toEqual(SEALED_MEDIA_MAGIC);
    expect(out[8]).toBe(1);
    expect(out.subarray(11, 11 + idLength).toString()).toBe('contact:ws:abc#2');
    expect(out.length).toBe(11 + idLength + 12 + 16 + 3);
  });
});
