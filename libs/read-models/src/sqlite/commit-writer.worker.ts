/**
 * Worker thread of CommitThread: the read models' writes on a connection of its own (seal, insert,
 * commit), so none of it takes the main thread's time.
 * Messages are handled in the order sent: commits, activations and sweeps keep their order.
 */
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { jsonSealer } from '../doc-codec.js';
import { activateVersion, commitGroup, sweepVersion } from './commit-request.js';
import type { CommitThreadMessage, CommitThreadReply, CommitThreadData } from './commit-thread-messages.js';
import { ReadModelStatements } from './statements.js';

const data = workerData as CommitThreadData;
const db = new Database(data.filename, { fileMustExist: true, timeout: data.busyTimeoutMs });
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${data.synchronous}`);
db.pragma(`cache_size = ${data.cacheSize}`);
db.pragma(`wal_autocheckpoint = ${data.walAutocheckpoint}`);
const sql = new ReadModelStatements(db);
// Documents arrive as JSON texts; with a key they are stored sealed, as sealedDocCodec(key) would.
const seal = data.sealKey ? jsonSealer(Buffer.from(data.sealKey)) : undefined;
const port = parentPort!;

function handle(message: CommitThreadMessage): CommitThreadReply {
  const { id } = message;
  try {
    if ('commit' in message) return { id, outcomes: commitGroup(db, sql, message.commit, seal) };
    if ('activate' in message) return { id, outcomes: [activateVersion(db, sql, message.activate)] };
    return { id, swept: sweepVersion(db, sql, message.sweep.space, message.sweep.limit) };
  } catch (error) {
    return { id, error: error instanceof Error ? error.message : String(error) };
  }
}

port.on('message', (message: CommitThreadMessage | 'close') => {
  if (message === 'close') {
    db.close();
    port.postMessage('closed');
    return;
  }
  port.postMessage(handle(message));
});
