/**
 * bench:replay's SQLite parts: SQLite's own batched-insert rate (the baseline of a rebuild into the
 * SQLite read models) and embedded starts in fresh processes, killed with SIGKILL once they answer.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { EMBEDDED_NODE_FLAGS } from '@atende/server';

/** Rows per transaction, as a rebuild page commits them. */
const INSERT_BATCH = 5000;

/**
 * Rows/s of plain batched inserts into a table shaped like the read models' documents (a unique
 * text key, a sealed-sized text value), in a fresh WAL file in `dir`: what SQLite itself does here.
 */
export function rawBatchedInsertRate(dir: string, rows: number): number {
  const db = new Database(path.join(dir, 'raw-insert.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = normal');
    // The read models' documents table, as statements.ts makes it.
    db.exec(
      'CREATE TABLE docs (space TEXT NOT NULL, collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL);' +
        'CREATE UNIQUE INDEX docs_key ON docs (space, collection, id);',
    );
    const insert = db.prepare('INSERT INTO docs (space, collection, id, doc) VALUES (?, ?, ?, ?)');
    // A sealed message document is ~300 base64url characters.
    const doc = randomBytes(225).toString('base64url');
    const insertMany = db.transaction((from: number, to: number) => {
      for (let i = from; i < to; i += 1)
        insert.run('messages@1', 'messages', `conversation-${i % 10_000}:${i}`, doc);
    });
    const started = performance.now();
    for (let from = 0; from < rows; from += INSERT_BATCH)
      insertMany(from, Math.min(rows, from + INSERT_BATCH));
    return Math.round((rows / (performance.now() - started)) * 1000);
  } finally {
    db.close();
  }
}

export interface StartProbe {
  listeningMs: number;
  answeredMs: number;
  sinceProcessStartMs: number;
  restored: boolean;
  conversations: number;
  answerHash: string;
}

/**
 * An embedded start on `dir` in a fresh process with npm start's flags: resolves with what it
 * printed once it answered GET conversations, after killing it with SIGKILL (`kill`) or letting it
 * stop cleanly (`stop`).
 */
export function probeStart(dir: string, ending: 'kill' | 'stop'): Promise<StartProbe> {
  const probe = fileURLToPath(new URL('./startup-probe.ts', import.meta.url));
  const child = spawn(process.execPath, [...EMBEDDED_NODE_FLAGS, '--import', 'tsx', probe, dir, ending], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    let result: StartProbe | undefined;
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out.split('\n')[0];
      if (result || !out.includes('\n') || !line) return;
      result = JSON.parse(line) as StartProbe;
      if (ending === 'kill') child.kill('SIGKILL');
    });
    child.on('exit', (code, signal) => {
      if (result && (code === 0 || signal === 'SIGKILL')) resolve(result);
      else reject(new Error(`start probe ended (${signal ?? code}) without answering: ${err.slice(-2000)}`));
    });
  });
}
