import type Database from 'better-sqlite3';
import type { IndexEntry, RangeQuery } from '@atende/events';
import type { Erasure } from '../buffered-batch.js';

/** One version of one projection's data: `projection@version`. */
export type Space = `${string}@${number}`;

/** rm_meta keys naming the code that made a version: `code:projection@version`. */
const CODE_KEY_PREFIX = 'code:';
const codeKey = (space: Space) => `${CODE_KEY_PREFIX}${space}`;

type Bounds = Pick<RangeQuery, 'min' | 'max' | 'minExclusive' | 'maxExclusive'>;

/**
 * Bumped when the tables change: a file of another layout is emptied and made again (read models
 * are rebuilt from the log). 2: documents in a rowid table with a unique key index, so a rebuild's
 * large sealed documents are appended instead of inserted into random pages of the key's tree.
 */
const SCHEMA_VERSION = 2;
const TABLES = ['rm_projections', 'rm_checkpoints', 'rm_docs', 'rm_entries', 'rm_meta'];

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rm_projections (
    projection TEXT PRIMARY KEY, serving INTEGER NOT NULL, last_version INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS rm_checkpoints (space TEXT PRIMARY KEY, position INTEGER NOT NULL) WITHOUT ROWID;
  CREATE TABLE IF NOT EXISTS rm_docs (
    space TEXT NOT NULL, collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL
  );
  CREATE UNIQUE INDEX IF NOT EXISTS rm_docs_key ON rm_docs (space, collection, id);
  CREATE TABLE IF NOT EXISTS rm_entries (
    space TEXT NOT NULL, name TEXT NOT NULL, id TEXT NOT NULL, score REAL NOT NULL,
    PRIMARY KEY (space, name, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS rm_entries_by_score ON rm_entries (space, name, score, id);
  CREATE TABLE IF NOT EXISTS rm_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
`;

/** The WHERE clause of a score range and its parameters (after space and name). */
function scoreBounds(query: Bounds): { clause: string; params: number[] } {
  let clause = '';
  const params: number[] = [];
  if (query.min !== undefined) {
    clause += query.minExclusive ? ' AND score > ?' : ' AND score >= ?';
    params.push(query.min);
  }
  if (query.max !== undefined) {
    clause += query.maxExclusive ? ' AND score < ?' : ' AND score <= ?';
    params.push(query.max);
  }
  return { clause, params };
}

/** The SQL of the read-model tables: every statement prepared once, range queries once per shape. */
export class ReadModelStatements {
  private readonly shaped = new Map<string, Database.Statement>();
  private readonly s;

  constructor(private readonly db: Database.Database) {
    // IMMEDIATE: a transaction that read first cannot wait for the write lock (SQLite answers
    // SQLITE_BUSY at once, with no busy timeout), so it takes the lock before reading the version.
    db.transaction(() => {
      if (db.pragma('user_version', { simple: true }) !== SCHEMA_VERSION) {
        for (const table of TABLES) db.exec(`DROP TABLE IF EXISTS ${table}`);
        db.pragma(`user_version = ${SCHEMA_VERSION}`);
      }
      db.exec(SCHEMA);
    }).immediate();
    this.s = {
      serving: db.prepare<[], { projection: string; version: number }>(
        'SELECT projection, serving AS version FROM rm_projections',
      ),
      nextVersion: db.prepare<[string], { last_version: number }>(
        `INSERT INTO rm_projections (projection, serving, last_version) VALUES (?, 0, 1)
         ON CONFLICT (projection) DO UPDATE SET last_version = last_version + 1 RETURNING last_version`,
      ),
      servingOf: db
        .prepare<[string], number>('SELECT serving FROM rm_projections WHERE projection = ?')
        .pluck(),
      setServing: db.prepare<[number, string]>('UPDATE rm_projections SET serving = ? WHERE projection = ?'),
      checkpoint: db.prepare<[string], { position: number }>(
        'SELECT position FROM rm_checkpoints WHERE space = ?',
      ),
      furthest: db.prepare<[], number | null>('SELECT MAX(position) FROM rm_checkpoints').pluck(),
      setCheckpoint: db.prepare<[string, number]>(
        `INSERT INTO rm_checkpoints (space, position) VALUES (?, ?)
         ON CONFLICT (space) DO UPDATE SET position = excluded.position`,
      ),
      doc: db
        .prepare<[string, string, string], string>(
          'SELECT doc FROM rm_docs WHERE space = ? AND collection = ? AND id = ?',
        )
        .pluck(),
      putDoc: db.prepare<[string, string, string, string]>(
        `INSERT INTO rm_docs (space, collection, id, doc) VALUES (?, ?, ?, ?)
         ON CONFLICT (space, collection, id) DO UPDATE SET doc = excluded.doc`,
      ),
      deleteDoc: db.prepare<[string, string, string]>(
        'DELETE FROM rm_docs WHERE space = ? AND collection = ? AND id = ?',
      ),
      putEntry: db.prepare<[string, string, string, number]>(
        `INSERT INTO rm_entries (space, name, id, score) VALUES (?, ?, ?, ?)
         ON CONFLICT (space, name, id) DO UPDATE SET score = excluded.score`,
      ),
      deleteEntry: db.prepare<[string, string, string]>(
        'DELETE FROM rm_entries WHERE space = ? AND name = ? AND id = ?',
      ),
      // Prefix erasures: from the prefix on in key order, while the key still starts with it.
      eraseDocs: db.prepare<{ space: string; collection: string; prefix: string }>(
        `DELETE FROM rm_docs WHERE space = $space AND collection = $collection
         AND id >= $prefix AND substr(id, 1, length($prefix)) = $prefix`,
      ),
      eraseEntries: db.prepare<{ space: string; name: string; prefix: string }>(
        `DELETE FROM rm_entries WHERE space = $space AND name = $name
         AND id >= $prefix AND substr(id, 1, length($prefix)) = $prefix`,
      ),
      dropIndexes: db.prepare<{ space: string; prefix: string }>(
        `DELETE FROM rm_entries WHERE space = $space
         AND name >= $prefix AND substr(name, 1, length($prefix)) = $prefix`,
      ),
      dropDocs: db.prepare<[string]>('DELETE FROM rm_docs WHERE space = ?'),
      dropEntries: db.prepare<[string]>('DELETE FROM rm_entries WHERE space = ?'),
      sweepDocs: db.prepare<[string, number]>(
        'DELETE FROM rm_docs WHERE rowid IN (SELECT rowid FROM rm_docs WHERE space = ? LIMIT ?)',
      ),
      sweepEntries: db.prepare<[string, number]>(
        `DELETE FROM rm_entries WHERE (space, name, id) IN
         (SELECT space, name, id FROM rm_entries WHERE space = ? LIMIT ?)`,
      ),
      spaces: db.prepare<[], Space>('SELECT space FROM rm_checkpoints').pluck(),
      dropCheckpoint: db.prepare<[string]>('DELETE FROM rm_checkpoints WHERE space = ?'),
      meta: db.prepare<[string], string>('SELECT value FROM rm_meta WHERE key = ?').pluck(),
      setMeta: db.prepare<[string, string]>(
        'INSERT INTO rm_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
      ),
      deleteMeta: db.prepare<[string]>('DELETE FROM rm_meta WHERE key = ?'),
      allDocs: db.prepare<[string], { collection: string; id: string; doc: string }>(
        'SELECT collection, id, doc FROM rm_docs WHERE space = ? ORDER BY collection, id',
      ),
      allEntries: db.prepare<[string], { name: string; id: string; score: number }>(
        'SELECT name, id, score FROM rm_entries WHERE space = ? ORDER BY name, score, id',
      ),
    };
  }

  meta(key: string): string | undefined {
    return this.s.meta.get(key);
  }

  setMeta(key: string, value: string): void {
    this.s.setMeta.run(key, value);
  }

  /** Which code made a version (SqliteReadModelsOptions.codeVersions). */
  codeVersion(space: Space): string | undefined {
    return this.meta(codeKey(space));
  }

  setCodeVersion(space: Space, code: string): void {
    this.setMeta(codeKey(space), code);
  }

  /** Every projection's rows, versions and checkpoints (the read models start over). */
  dropAll(): void {
    this.db.exec(
      'DELETE FROM rm_docs; DELETE FROM rm_entries; DELETE FROM rm_checkpoints; DELETE FROM rm_projections;' +
        ` DELETE FROM rm_meta WHERE key LIKE '${CODE_KEY_PREFIX}%';`,
    );
  }

  servingVersions(): { projection: string; version: number }[] {
    return this.s.serving.all();
  }

  /** A version number no earlier rebuild of the projection used. */
  nextVersion(projection: string): number {
    return this.s.nextVersion.get(projection)!.last_version;
  }

  /** The version a projection serves (0: never rebuilt, it has no row). */
  servingVersion(projection: string): number {
    return this.s.servingOf.get(projection) ?? 0;
  }

  setServing(projection: string, version: number): void {
    this.s.setServing.run(version, projection);
  }

  checkpoint(space: Space): number {
    return this.s.checkpoint.get(space)?.position ?? 0;
  }

  /** The furthest any version has read the log (0: none has). */
  furthestCheckpoint(): number {
    return this.s.furthest.get() ?? 0;
  }

  setCheckpoint(space: Space, position: number): void {
    this.s.setCheckpoint.run(space, position);
  }

  doc(space: Space, collection: string, id: string): string | undefined {
    return this.s.doc.get(space, collection, id);
  }

  putDoc(space: Space, collection: string, id: string, doc: string): void {
    this.s.putDoc.run(space, collection, id, doc);
  }

  deleteDoc(space: Space, collection: string, id: string): void {
    this.s.deleteDoc.run(space, collection, id);
  }

  putEntry(space: Space, name: string, id: string, score: number): void {
    this.s.putEntry.run(space, name, id, score);
  }

  deleteEntry(space: Space, name: string, id: string): void {
    this.s.deleteEntry.run(space, name, id);
  }

  erase(space: Space, erasure: Erasure): void {
    if (erasure.kind === 'docs') {
      this.s.eraseDocs.run({ space, collection: erasure.collection, prefix: erasure.prefix });
    } else if (erasure.kind === 'entries') {
      this.s.eraseEntries.run({ space, name: erasure.index, prefix: erasure.prefix });
    } else {
      this.s.dropIndexes.run({ space, prefix: erasure.prefix });
    }
  }

  /** Versions that have rows (every commit notes its checkpoint). */
  spaces(): Space[] {
    return this.s.spaces.all();
  }

  /**
   * Deletes at most `limit` rows of each table of a version no longer read; once none is left, its
   * checkpoint and notes too. True when the version is gone.
   */
  sweep(space: Space, limit: number): boolean {
    const docs = this.s.sweepDocs.run(space, limit).changes;
    const entries = this.s.sweepEntries.run(space, limit).changes;
    if (docs > 0 || entries > 0) return false;
    this.dropSpace(space);
    return true;
  }

  /** Every row of a version (a discarded rebuild, the version a switch replaced). */
  dropSpace(space: Space): void {
    this.s.dropDocs.run(space);
    this.s.dropEntries.run(space);
    this.s.dropCheckpoint.run(space);
    this.s.deleteMeta.run(codeKey(space));
  }

  range(space: Space, name: string, query: RangeQuery): IndexEntry[] {
    const { clause, params } = scoreBounds(query);
    const order = query.reverse ? 'DESC' : 'ASC';
    const sql =
      `SELECT id, score FROM rm_entries WHERE space = ? AND name = ?${clause} ` +
      `ORDER BY score ${order}, id ${order} LIMIT ? OFFSET ?`;
    const limit = query.limit === undefined ? -1 : Math.max(0, query.limit);
    return this.statement(sql).all(space, name, ...params, limit, query.offset ?? 0) as IndexEntry[];
  }

  count(space: Space, name: string, query: Bounds): number {
    const { clause, params } = scoreBounds(query);
    const sql = `SELECT COUNT(*) FROM rm_entries WHERE space = ? AND name = ?${clause}`;
    return this.statement(sql)
      .pluck()
      .get(space, name, ...params) as number;
  }

  allDocs(space: Space): { collection: string; id: string; doc: string }[] {
    return this.s.allDocs.all(space);
  }

  allEntries(space: Space): { name: string; id: string; score: number }[] {
    return this.s.allEntries.all(space);
  }

  private statement(sql: string): Database.Statement {
    let statement = this.shaped.get(sql);
    if (!statement) this.shaped.set(sql, (statement = this.db.prepare(sql)));
    return statement;
  }
}
