import { Client } from 'pg';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from '../postgres/testing/postgres-infra.js';
import { mediaStoreContract } from './media-store-contract.js';
import { PostgresMediaStore } from './postgres-media-store.js';

describeWithPostgres('PostgresMediaStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  const schema = uniqueName('m');
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  mediaStoreContract(
    'PostgresMediaStore',
    async () => new PostgresMediaStore({ connectionString: db.url, schema }),
  );

  it('creates its table in the schema asked for, `atende_media` by default, by several stores at once', async () => {
    const stores = [0, 1, 2].map(() => new PostgresMediaStore({ connectionString: db.url }));
    await Promise.all(stores.map((s, i) => s.put('ws-1', `s-1/${i}.jpg`, Buffer.from([i]), 'image/jpeg')));
    await Promise.all(stores.map((s) => s.close()));
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ media_id: string; workspace_id: string; bytes: Buffer }>(
        'SELECT media_id, workspace_id, bytes FROM atende_media.media ORDER BY media_id',
      );
      expect(rows.map((r) => [r.media_id, r.workspace_id, [...r.bytes]])).toEqual([
        ['s-1/0.jpg', 'ws-1', [0]],
        ['s-1/1.jpg', 'ws-1', [1]],
        ['s-1/2.jpg', 'ws-1', [2]],
      ]);
    } finally {
      await admin.end();
    }
  });

  it('refuses a schema name it cannot quote safely', () => {
    expect(
      () => new PostgresMediaStore({ connectionString: db.url, schema: 'a"; DROP TABLE x; --' }),
    ).toThrow(TypeError);
  });
});
