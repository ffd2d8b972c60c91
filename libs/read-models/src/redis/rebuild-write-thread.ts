import { WorkerRequests, type WorkerReply } from '../worker-requests.js';
import type { RebuildWrites } from './rebuild-writes.js';

const CLOSE_TIMEOUT_MS = 2000;

export interface RebuildWriteThreadOptions {
  /**
   * The sealedDocCodec key: the thread then encrypts each document's JSON text before storing it.
   * Its bytes go to the thread as workerData only (never through the environment or a log).
   */
  sealKey?: Buffer;
}

/**
 * Sends rebuild batches to a worker thread with its own Redis connection, which stores them in the
 * order sent.
 */
export class RebuildWriteThread {
  private readonly thread: WorkerRequests<WorkerReply>;

  constructor(url: string, options: RebuildWriteThreadOptions = {}) {
    this.thread = new WorkerRequests(
      new URL('./rebuild-writer.worker.ts', import.meta.url),
      // A copy with its own memory: cloning a view would send the whole buffer it is part of.
      { url, sealKey: options.sealKey && new Uint8Array(options.sealKey) },
      'Redis rebuild writer',
      CLOSE_TIMEOUT_MS,
    );
  }

  /** Resolves once Redis stored the batch. */
  async send(writes: RebuildWrites): Promise<void> {
    await this.thread.request({ writes });
  }

  /** Closes the thread's connection (or gives up on it after a while), then stops the thread. */
  async close(): Promise<void> {
    await this.thread.close();
  }
}
