import { Client } from 'pg';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from '../postgres/testing/postgres-infra.js';
import { PostgresSessionArchiveStore } from './postgres-session-archive-store.js';
import { sessionArchiveStoreContract } from './session-archive-store-contract.js';

describeWithPostgres('PostgresSessionArchiveStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  const schema = uniqueName('wa');
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  sessionArchiveStoreContract(
    'PostgresSessionArchiveStore',
    async () => new PostgresSessionArchiveStore({ connectionString: db.url, schema }),
  );

  it('creates its table in `atende_whatsapp` by default, by several stores at once', async () => {
    const stores = [0, 1, 2].map(() => new PostgresSessionArchiveStore({ connectionString: db.url }));
    await Promise.all(stores.map((s, i) => s.put('ws-1', `s-${i}`, Buffer.from([i]))));
    await Promise.all(stores.map((s) => s.close()));
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ workspace_id: string; session_id: string; bytes: Buffer }>(
        'SELECT workspace_id, session_id, bytes FROM atende_whatsapp.session_archives ORDER BY session_id',
      );
      expect(rows.map((r) => [r.workspace_id, r.session_id, [...r.bytes]])).toEqual([
        ['ws-1', 's-0', [0]],
        ['ws-1', 's-1', [1]],
        ['ws-1', 's-2', [2]],
      ]);
    } finally {
      await admin.end();
    }
  });

  it('refuses a schema name it cannot quote safely', () => {
    expect(
      () => new PostgresSessionArchiveStore({ connectionString: db.url, schema: 'a"; DROP TABLE x; --' }),
    ).toThrow(TypeError);
  });
});
