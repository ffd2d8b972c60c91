import { Client } from 'pg';
import { sessionLeasesContract } from '@atende/events/testing';
import { PostgresSessionLeaseStore } from './postgres-session-leases.js';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from './testing/postgres-infra.js';

describeWithPostgres('PostgresSessionLeaseStore', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.drop());

  sessionLeasesContract('PostgreSQL row per session', async () => {
    const schema = uniqueName('leases');
    return {
      openStore: () => new PostgresSessionLeaseStore({ connectionString: db.url, schema }),
      // As a lease whose TTL ran out: its row is past its expiry.
      expire: async (sessionId) => {
        const client = new Client({ connectionString: db.url });
        await client.connect();
        try {
          await client.query(
            `UPDATE "${schema}".session_leases SET expires_at = now() - interval '1 second' WHERE session_id = $1`,
            [sessionId],
          );
        } finally {
          await client.end();
        }
      },
      cleanup: () => db.dropSchema(schema),
    };
  });
});
