import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** How often the thread copies the WAL's new pages into the database files. */
const WAL_CHECKPOINT_INTERVAL_MS = 200;

/**
 * What a connection that leaves checkpoints to the thread sets as its own threshold: never reached
 * while the thread runs (it checkpoints every 200 ms), and a bound on the WAL (≈400 MB) if the thread
 * ever stops.
 */
const WAL_AUTOCHECKPOINT_WITH_THREAD = 100_000;

/**
 * Past this many frames in the WAL (≈64 MB of 4 KB pages) the thread stops holding its snapshot, so
 * the log starts over at the next pause (see THREAD_SOURCE); until then it only grows.
 */
const WAL_FRAMES_BEFORE_RESTART = 16_384;

// Plain JavaScript evaluated in the thread: no TypeScript loader to start, only the driver (whose
// path the parent resolves, as an evaluated worker has no module folder of its own). One thread
// serves every file of the process (each thread is an isolate of ≈8 MB).
//
// Why a second connection holds a read snapshot: once a checkpoint has copied the whole WAL, the next
// writer starts the WAL over, and SQLite syncs its new header to disk inside that commit (even with
// synchronous=NORMAL), on the writer's thread: the event loop. Under load with short pauses that was
// about one sync a second per file, each 40–150 ms when the disk was busy with the checkpoint's own
// writes. A reader on the WAL keeps writers from starting it over, so the thread re-takes a snapshot
// (of what was written since the last round) before each checkpoint: the log is copied all the
// same, and only grows. The snapshot is let go when the WAL holds maxFrames (it then starts over at
// the next pause) and while the writer asks for it (`hold`: a TRUNCATE after an erasure waits for no
// reader).
// A snapshot taken when nothing was written since the last round reads no part of the WAL, so an
// idle file starts over at its next write, when that sync costs nothing.
const THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const files = new Map();
function round(file) {
  try {
    if (file.pin.inTransaction) file.pin.exec('COMMIT');
    if (Atomics.load(file.hold, 0) === 0 && file.frames < workerData.maxFrames) {
      file.pin.exec('BEGIN');
      file.snapshot.get();
    }
  } catch {
    // The pin is an optimisation: without it the writer starts the WAL over itself.
  }
  try {
    file.frames = file.db.pragma('wal_checkpoint(PASSIVE)')[0].log;
  } catch {
    // Busy (another checkpoint, a TRUNCATE after an erasure): the next round takes it.
  }
}
const timer = setInterval(() => {
  for (const file of files.values()) round(file);
}, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message.add !== undefined) {
    try {
      const db = new Database(message.filename, { fileMustExist: true });
      db.pragma('busy_timeout = 100');
      // Syncs the WAL before copying and the file after: a writer whose commits sync nothing relies on it.
      db.pragma('synchronous = NORMAL');
      const pin = new Database(message.filename, { fileMustExist: true, timeout: 100 });
      const snapshot = pin.prepare('SELECT 1 FROM sqlite_master LIMIT 1');
      files.set(message.add, { db, pin, snapshot, hold: new Int32Array(message.hold), frames: 0 });
    } catch {
      // The file is gone: its writer checkpoints at its own threshold.
    }
    return;
  }
  const file = files.get(message.remove);
  files.delete(message.remove);
  try {
    file?.pin.close(); // ends its snapshot
    file?.db.close();
  } catch {
    // The writer waits for this answer whatever happened here.
  }
  parentPort.postMessage({ removed: message.remove });
  if (files.size === 0) {
    clearInterval(timer);
    parentPort.close();
  }
});
`;

/** The thread checkpointing one SQLite file's WAL; stop() before the file's last connection closes. */
export interface WalCheckpointer {
  stop(): Promise<void>;
  /**
   * Runs `work` (a TRUNCATE checkpoint) with the thread's snapshot let go: it waits for no reader, so
   * it would otherwise wait out the writer's busy timeout and leave the WAL as it was. Blocks for
   * up to one round of the thread (≈200 ms).
   */
  unpinned<T>(work: () => T): T;
}

/** The process's checkpoint thread while it has files; a new one starts after the last file left. */
class CheckpointThread {
  private readonly worker: Worker;
  private files = 0;
  private nextId = 1;
  private readonly removals = new Map<number, () => void>();
  private exited = false;

  constructor(
    intervalMs: number,
    /** Called once this thread takes no more files (the last one left, or it ended). */
    private readonly onEmpty: (thread: CheckpointThread) => void,
  ) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(THREAD_SOURCE, {
      eval: true,
      workerData: { driver, intervalMs, maxFrames: WAL_FRAMES_BEFORE_RESTART },
    });
    this.worker.unref(); // a process ends when its work does, not when this thread does
    this.worker.on('message', (message: { removed: number }) => this.settle(message.removed));
    // A thread that failed only means the writers checkpoint at their own threshold; nobody waits on it.
    this.worker.on('error', () => undefined);
    this.worker.once('exit', () => {
      this.exited = true;
      this.onEmpty(this);
      for (const id of [...this.removals.keys()]) this.settle(id);
    });
  }

  add(filename: string): WalCheckpointer {
    const id = this.nextId++;
    this.files += 1;
    // Shared with the thread: 1 while the writer needs the WAL free of readers.
    const hold = new Int32Array(new SharedArrayBuffer(4));
    this.worker.postMessage({ add: id, filename, hold: hold.buffer });
    let stopping: Promise<void> | undefined;
    return {
      stop: () => (stopping ??= this.remove(id)),
      unpinned: (work) => {
        Atomics.store(hold, 0, 1);
        try {
          return work();
        } finally {
          Atomics.store(hold, 0, 0);
        }
      },
    };
  }

  private remove(id: number): Promise<void> {
    this.files -= 1;
    if (this.files === 0) this.onEmpty(this); // the thread ends after this file: the next file gets a new one
    if (this.exited) return Promise.resolve(); // its connections went with it
    return new Promise<void>((resolve) => {
      this.removals.set(id, resolve);
      this.worker.ref(); // the caller waits for the answer: the loop must not end before it comes
      this.worker.postMessage({ remove: id });
    });
  }

  private settle(id: number): void {
    const resolve = this.removals.get(id);
    if (!resolve) return;
    this.removals.delete(id);
    if (this.removals.size === 0) this.worker.unref();
    resolve();
  }
}

let shared: CheckpointThread | undefined;

/**
 * Leaves `db`'s WAL checkpoints to the process's checkpoint thread (PASSIVE: it never blocks a
 * writer). A checkpoint copies the pages written since the last one into the database file and
 * syncs it; done by the writing connection, that happened inside a commit, holding the event loop
 * for 30–45 ms every few seconds under load (every request and socket push waited). The connection
 * keeps WAL_AUTOCHECKPOINT_WITH_THREAD as its own threshold. stop() resolves once the thread has
 * closed its connection to the file: call it before `db` closes. `filename` must be a file.
 */
export function checkpointInBackground(db: Database.Database, filename: string): WalCheckpointer {
  db.pragma(`wal_autocheckpoint = ${WAL_AUTOCHECKPOINT_WITH_THREAD}`);
  shared ??= new CheckpointThread(WAL_CHECKPOINT_INTERVAL_MS, (thread) => {
    if (shared === thread) shared = undefined;
  });
  return shared.add(filename);
}
