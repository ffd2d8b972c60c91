import { Worker } from 'node:worker_threads';
import type { Activation, CommitOutcome } from './commit-request.js';
import type { CommitThreadData, CommitThreadMessage, CommitThreadReply } from './commit-thread-messages.js';
import { outcomeError, settleQueued, TurnQueue, type Commits, type Queued } from './group-commit.js';
import type { Space } from './statements.js';

const CLOSE_TIMEOUT_MS = 5000;

type Reply = { outcomes: CommitOutcome[] } | { swept: boolean };

/**
 * The read models' writes in a worker thread with its own connection to the file: the main thread
 * hands it each turn's commits (documents as JSON, sealed there) and goes on while they are sealed,
 * inserted and committed. The thread handles messages in the order sent, so commits, activations
 * and sweeps keep the order they were asked in. Worker threads do not inherit tsx's loader on
 * Node 20, so the thread registers it first, then loads the TypeScript module next to this one.
 */
export class CommitThread extends TurnQueue implements Commits {
  private readonly worker: Worker;
  private readonly pending = new Map<
    number,
    { resolve: (reply: Reply) => void; reject: (e: Error) => void }
  >();
  private nextId = 0;
  private failure: Error | undefined;
  private readonly exited: Promise<void>;

  constructor(data: CommitThreadData) {
    super();
    const module = new URL('./commit-writer.worker.ts', import.meta.url).href;
    this.worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(module)}); })`,
      // The key as a copy with its own memory: cloning a view would send the whole buffer it is part of.
      { eval: true, workerData: { ...data, sealKey: data.sealKey && new Uint8Array(data.sealKey) } },
    );
    this.worker.on('message', (reply: CommitThreadReply | 'closed') => {
      if (reply === 'closed') return;
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) waiting?.reject(new Error(reply.error));
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
        fail(new Error(`read-model writer thread stopped (exit code ${code})`));
        resolve();
      });
    });
    this.worker.unref(); // idle, it must not keep the process alive (see send)
  }

  private send(message: CommitThreadMessage): Promise<Reply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<Reply>((resolve, reject) => {
      this.pending.set(message.id, { resolve, reject });
      this.worker.ref(); // until the thread answers, or the process could end with the commit unwritten
      this.worker.postMessage(message);
    });
  }

  protected commit(queued: Queued[]): void {
    this.send({ id: this.nextId++, commit: queued.map((q) => q.request) }).then(
      (reply) => settleQueued(queued, (reply as { outcomes: CommitOutcome[] }).outcomes),
      (error: Error) => queued.forEach((q) => q.reject(error)),
    );
  }

  async activate(activation: Activation): Promise<void> {
    this.flush();
    const reply = (await this.send({ id: this.nextId++, activate: activation })) as {
      outcomes: CommitOutcome[];
    };
    const error = outcomeError(reply.outcomes[0]!);
    if (error) throw error;
  }

  async sweep(space: Space, limit: number): Promise<boolean> {
    this.flush();
    return ((await this.send({ id: this.nextId++, sweep: { space, limit } })) as { swept: boolean }).swept;
  }

  /** Commits what is queued, closes the thread's connection (or gives up after a while), stops the thread. */
  async close(): Promise<void> {
    this.flush();
    this.worker.ref();
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
      this.worker.on('message', (reply) => {
        if (reply === 'closed') resolve();
      });
    });
    this.worker.postMessage('close'); // after every message sent before it: what is queued is written
    await Promise.race([closed, this.exited]);
    clearTimeout(timer);
    await this.worker.terminate();
    await this.exited;
  }
}
