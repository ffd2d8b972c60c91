/**
 * Tests that need PostgreSQL ask here. With REQUIRE_INFRA=1 (CI) a server that does not answer fails
 * the suite; otherwise the suite is skipped and says so. The server is at ATENDE_TEST_POSTGRES_URL
 * (default the local one, user postgres, no password); each test file works in a database of its own
 * that it drops afterwards.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/** The server's maintenance database, from which test databases are made. */
export const testPostgresUrl = (): string =>
  process.env.ATENDE_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** A fresh name for a database, schema or similar: `prefix_` and 12 hex digits. */
export const uniqueName = (prefix: string): string => `${prefix}_${randomBytes(6).toString('hex')}`;

/**
 * Whether the server accepts a TCP connection, asked once per test file from a child process (Jest
 * declares suites synchronously). ATENDE_TEST_POSTGRES=1/0, when a global setup probed already, is
 * taken as is.
 */
export function postgresAvailable(): boolean {
  const known = process.env.ATENDE_TEST_POSTGRES;
  if (known === '1' || known === '0') return known === '1';
  const url = new URL(testPostgresUrl());
  const probe = `const s = require('node:net').connect({ host: ${JSON.stringify(url.hostname)}, port: ${Number(url.port || 5432)} });
s.setTimeout(1000, () => process.exit(1));
s.once('connect', () => process.exit(0));
s.once('error', () => process.exit(1));`;
  const up = spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 5000 }).status === 0;
  process.env.ATENDE_TEST_POSTGRES = up ? '1' : '0';
  return up;
}

/**
 * `describe` when PostgreSQL answers; else a skipped suite with a warning, or, with REQUIRE_INFRA=1,
 * a suite whose one test fails.
 */
export function describeWithPostgres(name: string, fn: () => void): void {
  if (postgresAvailable()) {
    describe(name, fn);
    return;
  }
  const where = new URL(testPostgresUrl()).host;
  if (process.env.REQUIRE_INFRA === '1') {
    describe(name, () => {
      it('needs PostgreSQL', () => {
        throw new Error(`REQUIRE_INFRA=1 but PostgreSQL is not reachable at ${where}`);
      });
    });
    return;
  }
  console.warn(`[atende] PostgreSQL not reachable at ${where}: "${name}" is skipped.`);
  describe.skip(`${name} (skipped: PostgreSQL not reachable at ${where})`, fn);
}

async function withAdmin<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url, application_name: 'atende-test-admin' });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  /** Connection string of the new database. */
  url: string;
  /** Drops a schema of it with everything in it. */
  dropSchema(schema: string): Promise<void>;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

/** Creates an empty database `atende_test_…` on the test server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = testPostgresUrl();
  const name = uniqueName('atende_test');
  await withAdmin(admin, (client) => client.query(`CREATE DATABASE "${name}"`));
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dropSchema: (schema) =>
      withAdmin(url.toString(), async (client) => {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      }),
    drop: () =>
      withAdmin(admin, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      }),
  };
}
