import { Client } from 'pg';
import { leaseContract, type Lease } from '@atende/events';
import { PostgresLease } from './postgres-lease.js';
import {
  createTestDatabase,
  describeWithPostgres,
  uniqueName,
  type TestDatabase,
} from './testing/postgres-infra.js';

describeWithPostgres('PostgresLease', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => db.drop());

  leaseContract('PostgreSQL advisory lock', async () => {
    const name = uniqueName('atende:relay');
    return {
      open: () => new PostgresLease({ connectionString: db.url, name, pollMs: 200 }),
      // As a holder cut off from the server: its session is gone (the server ends it).
      breakHold: async (lease: Lease) => {
        const admin = new Client({ connectionString: db.url });
        await admin.connect();
        try {
          await admin.query('SELECT pg_terminate_backend($1)', [(lease as PostgresLease).backendPid]);
        } finally {
          await admin.end();
        }
      },
      cleanup: async () => {},
    };
  });
});
