import Database from 'better-sqlite3';
import { GroupCommit } from './group-commit.js';

describe('GroupCommit', () => {
  let db: Database.Database;
  let commits: number;
  beforeEach(() => {
    db = new Database(':memory:');
    db.exec('CREATE TABLE t (id TEXT PRIMARY KEY)');
    commits = 0;
    // Counts the outer transactions that reach the file (savepoints do not fire it).
    const begin = db.transaction.bind(db);
    db.transaction = ((fn: () => void) => {
      const tx = begin(fn);
      return Object.assign(() => {
        if (!db.inTransaction) commits += 1;
        return tx();
      }, tx);
    }) as typeof db.transaction;
  });
  afterEach(() => db.close());

  it('commits what is asked within one turn in one transaction, refusing only the commit that throws', async () => {
    const group = new GroupCommit(db);
    const insert = (id: string) => () => void db.prepare('INSERT INTO t (id) VALUES (?)').run(id);
    const outcomes = await Promise.allSettled([
      group.run(insert('a')),
      group.run(() => {
        insert('b')();
        throw new Error('checkpoint moved');
      }),
      group.run(insert('c')),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(db.prepare('SELECT id FROM t ORDER BY id').pluck().all()).toEqual(['a', 'c']);
    expect(commits).toBe(1);
    await group.run(insert('d'));
    expect(commits).toBe(2);
  });

  it('commits at once what is queued when asked to flush (before the database closes)', async () => {
    const group = new GroupCommit(db);
    const done = group.run(() => void db.prepare("INSERT INTO t (id) VALUES ('x')").run());
    group.flush();
    expect(db.prepare('SELECT COUNT(*) FROM t').pluck().get()).toBe(1);
    await expect(done).resolves.toBeUndefined();
  });
});
