import { Worker } from 'node:worker_threads';
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
 * order sent. Worker threads do not inherit tsx's loader on Node 20, so the thread registers it
 * first, then loads the TypeScript module next to this one.
 */
export class RebuildWriteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(url: string, options: RebuildWriteThreadOptions = {}) {
    const module = new URL('./rebuild-writer.worker.ts', import.meta.url).href;
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); })`,
      // A copy with its own memory: cloning a view would send the whole buffer it is part of.
      { eval: true, workerData: { url, sealKey: options.sealKey && new Uint8Array(options.sealKey) } },
    );
    this.worker.on('message', (reply: { id: number; error?: string } | 'closed') => {
      if (reply === 'closed') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.error === undefined) waiting?.resolve();
      else waiting?.reject(new Error(reply.error));
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        fail(new Error(`Redis rebuild writer stopped (exit code ${code})`));
        resolve();
      });
    });
    this.worker.unref(); // idle between rebuilds it must not keep the process alive (see send)
  }

  /** Resolves once Redis stored the batch. */
  send(writes: RebuildWrites): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<void>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref(); // until Redis answers, or the process could end with the batch unsent
      this.worker.postMessage({ id, writes });
    });
  }

  /** Closes the thread's connection (or gives up on it after a while), then stops the thread. */
  async close(): Promise<void> {
    this.worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      this.worker.on('message', (reply) => {
        if (reply === 'closed') resolve();
      });
    });
    this.worker.postMessage('close');
    await Promise.race([closed, this.exited]);
    clearTimeout(timer);
    await this.worker.terminate();
    await this.exited;
  }
}
