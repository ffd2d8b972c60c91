import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { readModelsContract } from '../contract/read-models-contract.js';
import { sealedDocCodec } from '../doc-codec.js';
import { CheckpointConflictError } from '@atende/events';
import { SqliteReadModels } from './sqlite-read-models.js';
import { ReadModelStatements } from './statements.js';

readModelsContract('SQLite', async () => {
  const readModels = new SqliteReadModels({ filename: ':memory:' });
  return { readModels, cleanup: () => readModels.close() };
});

describe('SqliteReadModels in a file', () => {
  let dir: string;
  let file: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'atende-rm-'));
    file = path.join(dir, 'read-models.db');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('leaves its WAL checkpoints to a background thread when given one, stopped before the file closes', async () => {
    const calls: string[] = [];
    const readModels = new SqliteReadModels({
      filename: file,
      backgroundCheckpoint: (_db, filename) => {
        calls.push(`start ${path.basename(filename)}`);
        return {
          stop: async () => {
            // The writer's connection is still open (its WAL is there): it closes last.
            calls.push(`stop, WAL present: ${existsSync(`${file}-wal`)}`);
          },
        };
      },
    });
    const batch = await readModels.writer('inbox').beginBatch();
    batch.put('conversations', 'c1', { title: 'oi' });
    await batch.commit(1);
    expect(calls).toEqual(['start read-models.db']);
    await readModels.close();
    expect(calls).toEqual(['start read-models.db', 'stop, WAL present: true']);
    expect(existsSync(`${file}-wal`)).toBe(false);
  });

  it('creates its tables in a new file while another connection holds the write lock, waiting for it', async () => {
    // What the checkpoint thread's first read of a new file does (it recovers the WAL index under the
    // write lock): a transaction that read first would get SQLITE_BUSY at once, with no busy timeout.
    const holder = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const Database = require(workerData.driver);
       const db = new Database(workerData.file);
       db.pragma('journal_mode = WAL');
       db.exec('BEGIN IMMEDIATE');
       parentPort.postMessage('locked');
       setTimeout(() => { db.exec('COMMIT'); db.close(); }, 300);`,
      { eval: true, workerData: { driver: createRequire(import.meta.url).resolve('better-sqlite3'), file } },
    );
    await new Promise((resolve) => holder.once('message', resolve));
    const readModels = new SqliteReadModels({ filename: file });
    try {
      const batch = await readModels.writer('inbox').beginBatch();
      batch.put('conversations', 'c1', { name: 'Ana' });
      await batch.commit(1);
      expect(await readModels.view('inbox').get('conversations', 'c1')).toEqual({ name: 'Ana' });
    } finally {
      await readModels.close();
      await holder.terminate();
    }
  });

  it('starts no thread for a database in memory', async () => {
    const start = jest.fn();
    const readModels = new SqliteReadModels({
      filename: ':memory:',
      backgroundCheckpoint: start,
    });
    await readModels.close();
    expect(start).not.toHaveBeenCalled();
  });

  it('serves after a reopen what was committed, checkpoint included, and the version a rebuild switched in', async () => {
    const before = new SqliteReadModels({ filename: file });
    const live = await before.writer('inbox').beginBatch();
    live.put('conversations', 'c1', { title: 'antes' });
    live.indexPut('by-time', 'c1', 10);
    await live.commit(5);
    const target = await before.beginRebuild('inbox');
    const rebuilt = await target.beginBatch();
    rebuilt.put('conversations', 'c1', { title: 'reconstruída' });
    await rebuilt.commit(5);
    await target.activate();
    await before.close();

    const after = new SqliteReadModels({ filename: file });
    const view = after.view('inbox');
    expect(await view.checkpoint()).toBe(5);
    expect(await view.get('conversations', 'c1')).toEqual({ title: 'reconstruída' });
    expect(await view.range('by-time')).toEqual([]); // the old version's rows went with it
    await after.close();
  });

  it('a batch that fails while committing writes nothing, checkpoint included', async () => {
    let encoded = 0;
    const codec = {
      encode: (doc: unknown) => {
        encoded += 1;
        if (encoded === 2) throw new Error('disco cheio');
        return JSON.stringify(doc);
      },
      decode: <T>(raw: string) => JSON.parse(raw) as T,
    };
    const readModels = new SqliteReadModels({ filename: file, codec });
    const batch = await readModels.writer('inbox').beginBatch();
    batch.put('conversations', 'c1', { n: 1 });
    batch.put('conversations', 'c2', { n: 2 });
    await expect(batch.commit(3)).rejects.toThrow('disco cheio');
    const view = readModels.view('inbox');
    expect(await view.checkpoint()).toBe(0);
    expect(await view.get('conversations', 'c1')).toBeUndefined();
    await readModels.close();
  });

  it('keeps documents sealed in the file with a sealed codec', async () => {
    const readModels = new SqliteReadModels({ filename: file, codec: sealedDocCodec(randomBytes(32)) });
    const batch = await readModels.writer('inbox').beginBatch();
    batch.put('conversations', 'c1', { customerName: 'Maria Sigilosa' });
    await batch.commit(1);
    expect(await readModels.view('inbox').get('conversations', 'c1')).toEqual({
      customerName: 'Maria Sigilosa',
    });
    await readModels.close();
    const raw = new Database(file, { readonly: true });
    const docs = raw.prepare('SELECT doc FROM rm_docs').pluck().all() as string[];
    raw.close();
    expect(docs).toHaveLength(1);
    expect(docs[0]).not.toContain('Maria');
  });

  it('tells which serving versions other code made, until a rebuild by this code switches in', async () => {
    const v1 = new Map([
      ['inbox', 'code-1'],
      ['analytics', 'code-1'],
    ]);
    const first = new SqliteReadModels({ filename: file, codeVersions: v1 });
    const target = await first.beginRebuild('inbox');
    await (await target.beginBatch()).commit(4);
    await target.activate();
    // Nothing written to analytics yet: the live projector fills it with this code.
    expect(first.outdated()).toEqual([]);
    const live = await first.writer('analytics').beginBatch();
    live.put('days', 'd1', { n: 1 });
    await live.commit(4);
    await first.close();

    const v2 = new Map([
      ['inbox', 'code-2'],
      ['analytics', 'code-1'],
      ['novo', 'code-2'],
    ]);
    const second = new SqliteReadModels({ filename: file, codeVersions: v2 });
    expect(second.outdated()).toEqual(['inbox']);
    const rebuild = await second.beginRebuild('inbox');
    await (await rebuild.beginBatch()).commit(4);
    expect(second.outdated()).toEqual(['inbox']); // not switched in yet: the old version serves
    await rebuild.activate();
    expect(second.outdated()).toEqual([]);
    await second.close();

    // Data written before versions were noted (or by unknown code) is outdated too.
    const third = new SqliteReadModels({ filename: file, codeVersions: new Map([['analytics', 'code-3']]) });
    expect(third.outdated()).toEqual(['analytics']);
    await third.close();
  });

  it('deletes the version a switch replaced a few thousand rows at a time, and what a crash left at the next open', async () => {
    const rowsOf = (space: string) => {
      const raw = new Database(file, { readonly: true });
      const n = raw.prepare('SELECT COUNT(*) FROM rm_docs WHERE space = ?').pluck().get(space) as number;
      raw.close();
      return n;
    };
    const readModels = new SqliteReadModels({ filename: file });
    const live = await readModels.writer('inbox').beginBatch();
    for (let i = 0; i < 5000; i += 1) live.put('messages', `m${i}`, { i });
    await live.commit(1);
    const target = await readModels.beginRebuild('inbox');
    const rebuilt = await target.beginBatch();
    rebuilt.put('messages', 'm0', { i: 0 });
    await rebuilt.commit(1);
    await target.activate();
    // Switched at once; the old rows go in steps after it.
    expect(await readModels.view('inbox').get('messages', 'm1')).toBeUndefined();
    expect(rowsOf('inbox@0')).toBe(5000);
    await readModels.swept();
    expect(rowsOf('inbox@0')).toBe(0);
    expect(rowsOf('inbox@1')).toBe(1);

    // A rebuild the process did not finish (a crash): its rows are deleted by the next open.
    const crashed = await readModels.beginRebuild('inbox');
    const half = await crashed.beginBatch();
    for (let i = 0; i < 3000; i += 1) half.put('messages', `m${i}`, { i });
    await half.commit(1);
    await readModels.close();
    expect(rowsOf('inbox@2')).toBe(3000);
    const reopened = new SqliteReadModels({ filename: file });
    await reopened.swept();
    expect(rowsOf('inbox@2')).toBe(0);
    expect(await reopened.view('inbox').get('messages', 'm0')).toEqual({ i: 0 });
    await reopened.close();
  });

  it('a discarded rebuild of a projection never rebuilt before leaves the version it serves alone', async () => {
    const readModels = new SqliteReadModels({ filename: file });
    const live = await readModels.writer('analytics').beginBatch();
    live.put('days', 'd1', { outbound: 11 });
    await live.commit(7);
    const dryRun = await readModels.beginRebuild('analytics');
    const built = await dryRun.beginBatch();
    built.put('days', 'd1', { outbound: 11 });
    await built.commit(7);
    await dryRun.discard();
    await readModels.swept();
    const view = readModels.view('analytics');
    expect(await view.checkpoint()).toBe(7);
    expect(await view.get('days', 'd1')).toEqual({ outbound: 11 });
    await readModels.close();
  });

  it('empties a file of an older layout (its read models are rebuilt from the log)', async () => {
    const old = new Database(file);
    old.exec(`CREATE TABLE rm_docs (space TEXT, collection TEXT, id TEXT, doc TEXT, PRIMARY KEY (space, collection, id)) WITHOUT ROWID;
      CREATE TABLE rm_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
      INSERT INTO rm_docs VALUES ('inbox@0', 'conversations', 'c1', '{}');
      INSERT INTO rm_meta VALUES ('log-first-event-id', 'e1');`);
    old.close();
    const readModels = new SqliteReadModels({ filename: file });
    expect(readModels.meta('log-first-event-id')).toBeUndefined();
    expect(await readModels.view('inbox').get('conversations', 'c1')).toBeUndefined();
    const batch = await readModels.writer('inbox').beginBatch();
    batch.put('conversations', 'c2', { n: 2 });
    await batch.commit(1);
    await readModels.close();
    const reopened = new SqliteReadModels({ filename: file });
    expect(await reopened.view('inbox').get('conversations', 'c2')).toEqual({ n: 2 });
    await reopened.close();
  });
});

readModelsContract('SQLite, commits in a writer thread', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-rm-'));
  const readModels = new SqliteReadModels({
    filename: path.join(dir, 'read-models.db'),
    codec: sealedDocCodec(randomBytes(32)),
    writerThread: true,
  });
  return {
    readModels,
    cleanup: async () => {
      await readModels.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SqliteReadModels checkpoints', () => {
  it('starts a batch from the checkpoint its last commit left, and reads the file again after a refusal', async () => {
    const readModels = new SqliteReadModels({ filename: ':memory:' });
    const reads = jest.spyOn(ReadModelStatements.prototype, 'checkpoint');
    const writer = readModels.writer('inbox');
    const first = await writer.beginBatch();
    first.put('conversations', 'c1', { n: 1 });
    await first.commit(3);
    const outside = reads.mock.calls.length; // the commit's own check, in its transaction
    const second = await writer.beginBatch();
    expect(second.baseCheckpoint).toBe(3);
    expect(reads.mock.calls.length).toBe(outside); // not read from the file
    // Another batch of the same version commits first: this one is refused, and the next reads.
    const stale = await writer.beginBatch();
    second.put('conversations', 'c2', { n: 2 });
    await second.commit(4);
    stale.put('conversations', 'c3', { n: 3 });
    await expect(stale.commit(5)).rejects.toThrow(CheckpointConflictError);
    const before = reads.mock.calls.length;
    expect((await writer.beginBatch()).baseCheckpoint).toBe(4);
    expect(reads.mock.calls.length).toBe(before + 1);
    reads.mockRestore();
    await readModels.close();
  });
});
