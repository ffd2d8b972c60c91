/**
 * Worker thread of SqliteEventStore.readPages: reads pages of the log on its own read-only
 * connection and sends each as one JSON text (the main thread parses it in one call), so reading
 * and decoding overlap with the projections running on the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { SELECT_EVENT_COLUMNS, metadataOfRow, type EventRowArray } from './schema.js';

interface PageReaderData {
  filename: string;
  from: number;
  pageSize: number;
}

const { filename, from, pageSize } = workerData as PageReaderData;
const db = new Database(filename, { readonly: true, fileMustExist: true });
const page = db
  .prepare<[number, number], EventRowArray>(
    `SELECT ${SELECT_EVENT_COLUMNS} FROM events WHERE global_position >= ? ORDER BY global_position LIMIT ?`,
  )
  .raw(true);

/** One event as JSON text; `data` is already JSON in the row and is spliced in as is. */
function eventJson(row: EventRowArray): string {
  const [globalPosition, streamId, streamPosition, type, data] = row;
  return (
    `{"type":${JSON.stringify(type)},"data":${data},"metadata":${JSON.stringify(metadataOfRow(row))},` +
    `"streamId":${JSON.stringify(streamId)},"streamPosition":${streamPosition},"globalPosition":${globalPosition}}`
  );
}

let position = from;
parentPort!.on('message', (message: 'next' | 'close') => {
  if (message === 'close') {
    db.close();
    parentPort!.close();
    return;
  }
  const rows = page.all(position, pageSize);
  if (rows.length > 0) position = rows[rows.length - 1]![0] + 1;
  parentPort!.postMessage(rows.length === 0 ? null : `[${rows.map(eventJson).join(',')}]`);
});
