import { Client } from 'pg';
import { streams } from '@atende/events';
import { FieldCipher } from '../keys/field-cipher.js';
import { MasterKey } from '../keys/master-key.js';
import { PostgresKeyStore } from '../keys/postgres-key-store.js';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from '../postgres/testing/postgres-infra.js';
import { mediaStoreContract } from './media-store-contract.js';
import { PostgresMediaStore } from './postgres-media-store.js';
import { SealedMediaStore, isSealedMedia } from './sealed-media-store.js';

describeWithPostgres('SealedMediaStore over PostgreSQL (real PostgreSQL)', () => {
  let db: TestDatabase;
  let keys: PostgresKeyStore;
  let cipher: FieldCipher;
  const schema = uniqueName('m');
  const WS = 'ws-sealed-pg';
  const CHAT = streams.conversation(WS, 'ct_abcdefabcdefabcdefabcdef');
  const MARKER = 'AUDIO-COM-ENDERECO-DA-CLIENTE-77c1';
  const sealed = () =>
    new SealedMediaStore(new PostgresMediaStore({ connectionString: db.url, schema }), cipher);

  /** The row's bytes as PostgreSQL holds them (what pg_dump and the WAL carry). */
  async function rawRow(mediaId: string): Promise<Buffer | undefined> {
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ bytes: Buffer }>(
        `SELECT bytes FROM "${schema}".media WHERE media_id = $1`,
        [mediaId],
      );
      return rows[0]?.bytes;
    } finally {
      await admin.end();
    }
  }

  beforeAll(async () => {
    db = await createTestDatabase();
    keys = new PostgresKeyStore({ connectionString: db.url }, MasterKey.random());
    cipher = new FieldCipher(keys);
  });
  afterAll(async () => {
    await keys?.close();
    await db?.drop();
  });

  mediaStoreContract('SealedMediaStore(PostgresMediaStore)', async () => sealed());

  it("holds only ciphertext in the row; nothing once the customer's key is destroyed", async () => {
    const store = sealed();
    try {
      const audio = Buffer.from(`OggS${MARKER}`);
      await store.put(WS, 's-pg/voz.ogg', audio, 'audio/ogg', { conversationStreamId: CHAT });
      const raw = (await rawRow('s-pg/voz.ogg'))!;
      expect(isSealedMedia(raw)).toBe(true);
      expect(raw.includes(MARKER)).toBe(false);
      expect(await store.get(WS, 's-pg/voz.ogg')).toEqual({ bytes: audio, contentType: 'audio/ogg' });

      await cipher.destroyContact(WS, CHAT);
      // The row is still there (a backup of it, say): it no longer opens.
      expect(await rawRow('s-pg/voz.ogg')).toEqual(raw);
      expect(await store.get(WS, 's-pg/voz.ogg')).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('serves the plain rows written before sealing as they are', async () => {
    const plainStore = new PostgresMediaStore({ connectionString: db.url, schema });
    const store = sealed();
    try {
      const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]);
      await plainStore.put(WS, 's-pg-legacy/a.jpg', jpeg, 'image/jpeg');
      expect(await store.get(WS, 's-pg-legacy/a.jpg')).toEqual({ bytes: jpeg, contentType: 'image/jpeg' });
    } finally {
      await plainStore.close();
      await store.close();
    }
  });
});
