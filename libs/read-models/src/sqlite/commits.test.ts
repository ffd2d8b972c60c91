import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CheckpointConflictError } from '@atende/events';
import { sealedDocCodec } from '../doc-codec.js';
import type { CommitRequest } from './commit-request.js';
import { CommitThread } from './commit-thread.js';
import { GroupCommit, type Commits } from './group-commit.js';
import { ReadModelStatements, type Space } from './statements.js';

const request = (space: Space, expected: number, checkpoint: number, id: string): CommitRequest => ({
  projection: space.slice(0, space.indexOf('@')),
  space,
  serving: true,
  expected,
  checkpoint,
  erasures: [],
  docs: [['conversations', id, JSON.stringify({ id })]],
  entries: [['by-time', id, checkpoint]],
});

describe.each([
  ['GroupCommit (this thread)', false],
  ['CommitThread (a worker thread)', true],
])('%s', (_name, threaded) => {
  let dir: string;
  let db: Database.Database;
  let sql: ReadModelStatements;
  let commits: Commits;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-commits-'));
    const filename = path.join(dir, 'read-models.db');
    db = new Database(filename, { timeout: 5000 });
    db.pragma('journal_mode = WAL');
    sql = new ReadModelStatements(db);
    commits = threaded
      ? new CommitThread({
          filename,
          synchronous: 'normal',
          cacheSize: -2048,
          walAutocheckpoint: 1000,
          busyTimeoutMs: 5000,
        })
      : new GroupCommit(db, sql);
  });
  afterEach(async () => {
    await commits.close();
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const ids = (space: Space) => sql.allDocs(space).map((row) => row.id);

  it('commits what is asked within one turn, refusing only the one whose checkpoint moved', async () => {
    const outcomes = await Promise.allSettled([
      commits.run(request('inbox@0', 0, 3, 'a')),
      commits.run(request('analytics@0', 5, 6, 'b')), // it starts from 5, the file says 0
      commits.run(request('notes@0', 0, 3, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(CheckpointConflictError);
    expect([ids('inbox@0'), ids('analytics@0'), ids('notes@0')]).toEqual([['a'], [], ['c']]);
    expect(sql.checkpoint('inbox@0')).toBe(3);
    expect(sql.checkpoint('analytics@0')).toBe(0);
    expect(sql.range('inbox@0', 'by-time', {})).toEqual([{ id: 'a', score: 3 }]);
  });

  it('refuses alone a commit whose rows cannot be written; the others of its turn are written', async () => {
    const unwritable = {
      ...request('notes@0', 0, 3, 'b'),
      entries: [['by-time', 'b', Number.NaN]],
    } as CommitRequest;
    const outcomes = await Promise.allSettled([
      commits.run(request('inbox@0', 0, 3, 'a')),
      commits.run(unwritable), // NaN is stored as NULL: the score column refuses it
      commits.run(request('analytics@0', 0, 3, 'c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toMatch(/NOT NULL/);
    expect([ids('inbox@0'), ids('notes@0'), ids('analytics@0')]).toEqual([['a'], [], ['c']]);
    expect(sql.checkpoint('notes@0')).toBe(0);
  });

  it('refuses a live commit once a rebuilt version is switched in, and a switch the live one is ahead of', async () => {
    await commits.run(request('inbox@0', 0, 4, 'live'));
    const version = sql.nextVersion('inbox');
    const rebuilt: Space = `inbox@${version}`;
    await commits.run({ ...request(rebuilt, 0, 3, 'rebuilt'), serving: false });
    const activation = { projection: 'inbox', version, old: 'inbox@0' as Space, space: rebuilt };
    await expect(commits.activate(activation)).rejects.toThrow(CheckpointConflictError);
    await commits.run({ ...request(rebuilt, 3, 4, 'caught-up'), serving: false });
    // Asked before the switch, the live commit goes first: the switch is refused again.
    const before = commits.run(request('inbox@0', 4, 5, 'before'));
    await expect(commits.activate(activation)).rejects.toThrow(CheckpointConflictError);
    await expect(before).resolves.toBeUndefined();
    await commits.run({ ...request(rebuilt, 4, 5, 'caught-up-again'), serving: false });
    await commits.activate(activation);
    await expect(commits.run(request('inbox@0', 5, 6, 'after'))).rejects.toThrow(CheckpointConflictError);
    expect(sql.servingVersion('inbox')).toBe(version);
    expect(ids('inbox@0')).toEqual(['before', 'live']);
  });

  it('sweeps a retired version a few rows at a time, then its checkpoint', async () => {
    await commits.run({ ...request('inbox@0', 0, 1, 'a'), docs: [0, 1, 2].map((n) => ['c', `${n}`, '{}']) });
    expect(await commits.sweep('inbox@0', 2)).toBe(false);
    expect(ids('inbox@0')).toEqual(['2']);
    expect(await commits.sweep('inbox@0', 2)).toBe(false);
    expect(await commits.sweep('inbox@0', 2)).toBe(true);
    expect(sql.spaces()).toEqual([]);
  });

  it('writes what is queued before it closes', async () => {
    const done = commits.run(request('inbox@0', 0, 1, 'x'));
    await commits.close();
    await expect(done).resolves.toBeUndefined();
    expect(ids('inbox@0')).toEqual(['x']);
  });
});

describe('CommitThread with a sealing key', () => {
  it('stores documents sealed, as the codec of that key reads them', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-commits-'));
    const filename = path.join(dir, 'read-models.db');
    const db = new Database(filename);
    db.pragma('journal_mode = WAL');
    const sql = new ReadModelStatements(db);
    const key = randomBytes(32);
    const thread = new CommitThread({
      filename,
      synchronous: 'normal',
      cacheSize: -2048,
      walAutocheckpoint: 1000,
      busyTimeoutMs: 5000,
      sealKey: key,
    });
    try {
      await thread.run({
        ...request('inbox@0', 0, 1, 'c1'),
        docs: [['c', 'c1', '{"name":"Maria Sigilosa"}']],
      });
      const stored = sql.doc('inbox@0', 'c', 'c1')!;
      expect(stored).not.toContain('Maria');
      expect(sealedDocCodec(key).decode(stored)).toEqual({ name: 'Maria Sigilosa' });
    } finally {
      await thread.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('CommitThread that cannot write', () => {
  it('refuses the commits asked of it instead of leaving them waiting', async () => {
    const thread = new CommitThread({
      filename: path.join(tmpdir(), 'atende-no-such-folder', 'read-models.db'),
      synchronous: 'normal',
      cacheSize: -2048,
      walAutocheckpoint: 1000,
      busyTimeoutMs: 5000,
    });
    await expect(thread.run(request('inbox@0', 0, 1, 'a'))).rejects.toThrow();
    await expect(thread.run(request('inbox@0', 0, 1, 'b'))).rejects.toThrow();
    await thread.close();
  });
});

describe('GroupCommit', () => {
  it('writes the commits asked within one turn in one transaction, the next turn in another', async () => {
    const db = new Database(':memory:');
    const sql = new ReadModelStatements(db);
    let transactions = 0;
    // Counts the outer transactions that reach the file (savepoints do not).
    const begin = db.transaction.bind(db);
    db.transaction = ((fn: () => void) => {
      const tx = begin(fn);
      const outer = () => {
        if (!db.inTransaction) transactions += 1;
        return tx();
      };
      return Object.assign(outer, tx, {
        immediate: () => {
          if (!db.inTransaction) transactions += 1;
          return tx.immediate();
        },
      });
    }) as typeof db.transaction;
    const group = new GroupCommit(db, sql);
    await Promise.all([group.run(request('inbox@0', 0, 1, 'a')), group.run(request('notes@0', 0, 1, 'b'))]);
    expect(transactions).toBe(1);
    await group.run(request('inbox@0', 1, 2, 'c'));
    expect(transactions).toBe(2);
    expect(sql.checkpoint('inbox@0')).toBe(2);
    db.close();
  });
});
