import { Client } from 'pg';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from '../postgres/testing/postgres-infra.js';
import { keyStoreContract } from './key-store-contract.js';
import { MasterKey } from './master-key.js';
import { PostgresKeyStore } from './postgres-key-store.js';

describeWithPostgres('PostgresKeyStore (real PostgreSQL)', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db?.drop());

  // A schema per store: each contract test starts empty. The database goes at the end.
  keyStoreContract(
    'PostgresKeyStore',
    async (master) => new PostgresKeyStore({ connectionString: db.url, schema: uniqueName('k') }, master),
  );

  it('makes one key per subject for a burst of new customers, the same for two processes', async () => {
    const schema = uniqueName('k');
    const master = MasterKey.random();
    const [one, two] = [0, 1].map(() => new PostgresKeyStore({ connectionString: db.url, schema }, master));
    try {
      await one!.activeKey('antes'); // the table exists before the burst
      const subjects = Array.from({ length: 30 }, (_, i) => `contact:ws1:cliente-${i}`);
      const asked = await Promise.all(
        subjects.flatMap((s) => [one!.activeKey(s), one!.activeKey(s), two!.activeKey(s)]),
      );
      for (let i = 0; i < subjects.length; i += 1) {
        const [a, b, c] = asked.slice(i * 3, i * 3 + 3);
        expect(a!.keyId).toBe(`${subjects[i]}#1`);
        expect(b!.key.equals(a!.key) && c!.key.equals(a!.key)).toBe(true);
      }
      expect(new Set(asked.map((k) => k.key.toString('hex'))).size).toBe(subjects.length);
    } finally {
      await Promise.all([one!.close(), two!.close()]);
    }
  });

  it('keeps keys only wrapped in the table, and two stores asking at once agree on one key', async () => {
    const schema = uniqueName('k');
    const master = MasterKey.random();
    const [one, two] = [0, 1].map(() => new PostgresKeyStore({ connectionString: db.url, schema }, master));
    const [a, b] = await Promise.all([one!.activeKey('ws1:secrets'), two!.activeKey('ws1:secrets')]);
    expect(a.keyId).toBe('ws1:secrets#1');
    expect(b.keyId).toBe(a.keyId);
    expect(b.key.equals(a.key)).toBe(true);
    await Promise.all([one!.close(), two!.close()]);

    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    const { rows } = await admin.query<{ all: string }>(
      `SELECT string_agg(t::text, '') AS all FROM "${schema}".data_keys t`,
    );
    await admin.end();
    expect(rows[0]!.all).not.toContain(a.key.toString('base64url'));
    expect(rows[0]!.all).not.toContain(a.key.toString('base64'));
    expect(rows[0]!.all).not.toContain(a.key.toString('hex'));
  });
});
