/**
 * Worker thread of SqliteEventStore.readPages: reads pages of the log on its own read-only
 * connection and sends each as one JSON text built by SQLite (the main thread parses it in one
 * call), so reading and decoding overlap with the projections running on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { EVENT_JSON_ROW_SQL } from './schema.js';

interface PageReaderData {
  filename: string;
  from: number;
  pageSize: number;
}

const { filename, from, pageSize } = workerData as PageReaderData;
const db = new Database(filename, { readonly: true, fileMustExist: true });
/** One page as a JSON array of EVENT_JSON_ROW_SQL rows, and its last position (null: empty page). */
const page = db
  .prepare<[number, number], [string | null, number | null]>(
    `SELECT '[' || group_concat(${EVENT_JSON_ROW_SQL}, ',') || ']', max(global_position)
     FROM (SELECT * FROM events WHERE global_position >= ? ORDER BY global_position LIMIT ?)`,
  )
  .raw(true);

let position = from;
parentPort!.on('message', (message: 'next' | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  const [text, last] = page.get(position, pageSize)!;
  if (last !== null) position = last + 1;
  parentPort!.postMessage(text);
});
