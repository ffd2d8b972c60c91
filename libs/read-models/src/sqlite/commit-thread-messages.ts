import type { Activation, CommitOutcome, CommitRequest } from './commit-request.js';
import type { Space } from './statements.js';

/** What the writer thread is started with (workerData). */
export interface CommitThreadData {
  filename: string;
  synchronous: 'full' | 'normal';
  /** SQLite's cache_size pragma for the thread's connection. */
  cacheSize: number;
  /** SQLite's wal_autocheckpoint for the thread's connection (pages). */
  walAutocheckpoint: number;
  /** How long a write waits for the main thread's connection to let go of the file. */
  busyTimeoutMs: number;
  /** The sealedDocCodec key, as its own bytes: the thread seals each document's JSON. */
  sealKey?: Uint8Array;
}

export type CommitThreadMessage = { id: number } & (
  { commit: CommitRequest[] } | { activate: Activation } | { sweep: { space: Space; limit: number } }
);

export type CommitThreadReply = { id: number } & (
  { outcomes: CommitOutcome[] } | { swept: boolean } | { error: string }
);
