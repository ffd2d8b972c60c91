import { Worker } from 'node:worker_threads';

/** What a worker answers to a request: the request's id, and `error` when it failed. */
export interface WorkerReply {
  id: number;
  error?: string;
}

/**
 * A worker thread running a TypeScript module that answers each request in the order sent, and
 * 'close' with 'closed'. Worker threads do not inherit tsx's loader on Node 20, so the thread
 * registers it first, then loads the module. Idle, the thread does not keep the process alive;
 * while a request waits for its answer, it does. If the thread fails or ends, every request
 * waiting and every later one is refused with why.
 */
export class WorkerRequests<Reply extends WorkerReply> {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(
    module: URL,
    workerData: unknown,
    /** Names the thread in the error its requests get when it ends. */
    private readonly name: string,
    private readonly closeTimeoutMs: number,
  ) {
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module.href)}); })`,
      { eval: true, workerData },
    );
    this.worker.on('message', (reply: Reply | 'closed') => {
      if (reply === 'closed') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if (reply.error !== undefined) waiting?.reject(new Error(reply.error));
      else waiting?.resolve(reply);
    });
    const fail = (error: Error) => {
      this.failure ??= error;
      for (const waiting of this.pending.values()) waiting.reject(this.failure);
      this.pending.clear();
    };
    this.worker.on('error', fail);
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', (code) => {
        fail(new Error(`${this.name} stopped (exit code ${code})`));
        resolve();
      });
    });
    this.worker.unref();
  }

  /** Sends `{ id, ...body }`; resolves with the thread's answer. */
  request(body: object): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.ref(); // until the thread answers, or the process could end with the request undone
      this.worker.postMessage({ id, ...body });
    });
  }

  /** Asks the thread to close (after every request sent before), gives up after a while, stops it. */
  async close(): Promise<void> {
    this.worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.closeTimeoutMs);
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
