import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createTestDatabase, describeWithPostgres, type TestDatabase } from '@atende/event-store';
import { runOpsScript } from './run-ops-script.js';

// The ops commands against a deployment whose log is PostgreSQL (EVENTSTORE_URL=postgres://…):
// they write and read there, and the data keys live in the same database, not in DATA_DIR.

const run = runOpsScript;

describeWithPostgres('ops CLIs with the event log in PostgreSQL', () => {
  let db: TestDatabase;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    db = await createTestDatabase();
    dir = mkdtempSync(path.join(tmpdir(), 'atende-ops-pg-'));
    env = { DATA_DIR: dir, EVENTSTORE_URL: db.url };
  });
  afterAll(async () => {
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a company there, lists it, counts its events and checks a rebuild', async () => {
    const created = await run(
      'workspace.ts',
      ['create', '--name', 'Padaria no Postgres', '--owner-email', 'dono@padaria-pg.com.br'],
      env,
    );
    expect(created).toMatchObject({ code: 0, stderr: '' });
    const listed = await run('workspace.ts', ['list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Padaria no Postgres');

    const stats = await run('events.ts', ['stats'], env);
    expect(stats.code).toBe(0);
    expect(stats.stdout).toMatch(/WorkspaceCreated/);

    const dry = await run('replay.ts', ['--all', '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('Dry run');

    // The log and the keys are in the database; DATA_DIR holds neither.
    expect(existsSync(path.join(dir, 'events.db'))).toBe(false);
    expect(existsSync(path.join(dir, 'keys.db'))).toBe(false);
    const client = new Client({ connectionString: db.url });
    await client.connect();
    try {
      const events = await client.query<{ n: string }>(
        `SELECT count(*) AS n FROM atende.events WHERE type = 'WorkspaceCreated'`,
      );
      expect(Number(events.rows[0]!.n)).toBe(1);
      const keys = await client.query<{ n: string }>('SELECT count(*) AS n FROM atende_keys.data_keys');
      expect(Number(keys.rows[0]!.n)).toBeGreaterThan(0);
    } finally {
      await client.end();
    }
  });

  it('refuses to encrypt in place a log that is not the SQLite file', async () => {
    const result = await run('events.ts', ['encrypt'], env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/registro SQLite/);
  });
});
