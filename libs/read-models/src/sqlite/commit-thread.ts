import type { Activation, CommitOutcome } from './commit-request.js';
import type { CommitThreadData, CommitThreadMessage, CommitThreadReply } from './commit-thread-messages.js';
import { outcomeError, settleQueued, TurnQueue, type Commits, type Queued } from './group-commit.js';
import type { Space } from './statements.js';
import { WorkerRequests } from '../worker-requests.js';

const CLOSE_TIMEOUT_MS = 5000;

type Body<M> = M extends unknown ? Omit<M, 'id'> : never;

/**
 * The read models' writes in a worker thread with its own connection to the file: the main thread
 * hands it each turn's commits (documents as JSON, sealed there) and goes on while they are sealed,
 * inserted and committed. The thread handles messages in the order sent, so commits, activations
 * and sweeps keep the order they were asked in.
 */
export class CommitThread extends TurnQueue implements Commits {
  private readonly thread: WorkerRequests<CommitThreadReply & { error?: string }>;

  constructor(data: CommitThreadData) {
    super();
    this.thread = new WorkerRequests(
      new URL('./commit-writer.worker.ts', import.meta.url),
      // The key as a copy with its own memory: cloning a view would send the whole buffer it is part of.
      { ...data, sealKey: data.sealKey && new Uint8Array(data.sealKey) },
      'read-model writer thread',
      CLOSE_TIMEOUT_MS,
    );
  }

  private send(body: Body<CommitThreadMessage>): Promise<CommitThreadReply> {
    return this.thread.request(body);
  }

  protected commit(queued: Queued[]): void {
    this.send({ commit: queued.map((q) => q.request) }).then(
      (reply) => settleQueued(queued, (reply as { outcomes: CommitOutcome[] }).outcomes),
      (error: Error) => queued.forEach((q) => q.reject(error)),
    );
  }

  async activate(activation: Activation): Promise<void> {
    this.flush();
    const reply = (await this.send({ activate: activation })) as { outcomes: CommitOutcome[] };
    const error = outcomeError(reply.outcomes[0]!);
    if (error) throw error;
  }

  async sweep(space: Space, limit: number): Promise<boolean> {
    this.flush();
    return ((await this.send({ sweep: { space, limit } })) as { swept: boolean }).swept;
  }

  /** Commits what is queued, closes the thread's connection (or gives up after a while), stops the thread. */
  async close(): Promise<void> {
    this.flush(); // sent before 'close': what is queued is written
    await this.thread.close();
  }
}
