import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** How often the thread copies the WAL's new pages into the database file. */
export const WAL_CHECKPOINT_INTERVAL_MS = 200;

/**
 * What a connection that leaves checkpoints to the thread sets as its own threshold: never reached
 * while the thread runs (it checkpoints every 200 ms), and a bound on the WAL (≈400 MB) if the thread
 * ever stops.
 */
export const WAL_AUTOCHECKPOINT_WITH_THREAD = 100_000;

// Plain JavaScript evaluated in the thread: no TypeScript loader to start, only the driver (whose
// path the parent resolves, as an evaluated worker has no module folder of its own).
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.filename, { fileMustExist: true });
db.pragma('busy_timeout = 100');
const timer = setInterval(() => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy (another checkpoint, a TRUNCATE after an erasure): the next round takes it.
  }
}, workerData.intervalMs);
parentPort.once('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/**
 * What a SQLite adapter outside this package takes to checkpoint in the background (the read
 * models' BackgroundCheckpoint option).
 */
export const sqliteBackgroundCheckpoint = {
  start: (filename: string) => startWalCheckpointer(filename),
  writerThreshold: WAL_AUTOCHECKPOINT_WITH_THREAD,
};

/** The thread checkpointing one SQLite file's WAL; stop() before the file's last connection closes. */
export interface WalCheckpointer {
  stop(): Promise<void>;
}

/**
 * Checkpoints `filename`'s WAL from a thread of its own (PASSIVE: it never blocks a writer). A
 * checkpoint copies the pages written since the last one into the database file and syncs it; done
 * by the writing connection, that happened inside a commit, holding the event loop for 30–45 ms every
 * few seconds under load (every request and socket push waited). The writer sets
 * WAL_AUTOCHECKPOINT_WITH_THREAD so it does not checkpoint itself while the thread runs.
 */
export function startWalCheckpointer(
  filename: string,
  intervalMs = WAL_CHECKPOINT_INTERVAL_MS,
): WalCheckpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(THREAD_SOURCE, { eval: true, workerData: { filename, driver, intervalMs } });
  worker.unref(); // a process ends when its work does, not when this thread does
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  // A thread that failed (the file removed under it) only means the writer checkpoints at its bound.
  worker.on('error', () => undefined);
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= (() => {
        worker.ref(); // the caller waits for the exit: the loop must not end before it comes
        worker.postMessage('stop');
        return exited;
      })();
      return stopping;
    },
  };
}
