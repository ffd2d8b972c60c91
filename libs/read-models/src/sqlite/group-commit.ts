import type Database from 'better-sqlite3';
import { CheckpointConflictError } from '@atende/events';
import {
  activateVersion,
  commitGroup,
  sweepVersion,
  type Activation,
  type CommitOutcome,
  type CommitRequest,
} from './commit-request.js';
import type { ReadModelStatements, Space } from './statements.js';

/**
 * Where a SqliteReadModels' writes go, in the order asked: this thread's connection (GroupCommit) or
 * the writer thread's (CommitThread).
 */
export interface Commits {
  /** Resolves once the request is committed; rejects (CheckpointConflictError when refused) with nothing written. */
  run(request: CommitRequest): Promise<void>;
  /** After the commits asked before it; rejects with CheckpointConflictError when the live version is ahead. */
  activate(activation: Activation): Promise<void>;
  /** Deletes some rows of a retired version; true once it is gone. */
  sweep(space: Space, limit: number): Promise<boolean>;
  /** Commits what is queued, then lets go (before the database closes). */
  close(): Promise<void>;
}

/** The error a refused outcome stands for (undefined: written). */
export function outcomeError(outcome: CommitOutcome): Error | undefined {
  if ('ok' in outcome) return undefined;
  if ('conflict' in outcome) {
    const { projection, expected, current } = outcome.conflict;
    return new CheckpointConflictError(projection, expected, current);
  }
  return new Error(outcome.error);
}

/** A commit waiting for its turn's transaction. */
export interface Queued {
  request: CommitRequest;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Settles each queued commit with its outcome. */
export function settleQueued(queued: readonly Queued[], outcomes: readonly CommitOutcome[]): void {
  queued.forEach(({ resolve, reject }, i) => {
    const error = outcomeError(outcomes[i]!);
    if (error) reject(error);
    else resolve();
  });
}

/** Commits asked for within one turn of the event loop, queued to go to the file together. */
export abstract class TurnQueue {
  private queue: Queued[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  run(request: CommitRequest): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Sends what is queued now (before an activation, a sweep, or the database's close). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const queued = this.queue;
    this.queue = [];
    if (queued.length > 0) this.commit(queued);
  }

  protected abstract commit(queued: Queued[]): void;
}

/**
 * Commits asked for within one turn of the event loop (the projections of one batch, applied side by
 * side) go to the file in one transaction (commitGroup): one WAL write instead of one per projection.
 */
export class GroupCommit extends TurnQueue implements Commits {
  constructor(
    private readonly db: Database.Database,
    private readonly sql: ReadModelStatements,
  ) {
    super();
  }

  protected commit(queued: Queued[]): void {
    settleQueued(
      queued,
      commitGroup(
        this.db,
        this.sql,
        queued.map((q) => q.request),
      ),
    );
  }

  async activate(activation: Activation): Promise<void> {
    this.flush();
    const error = outcomeError(activateVersion(this.db, this.sql, activation));
    if (error) throw error;
  }

  async sweep(space: Space, limit: number): Promise<boolean> {
    return sweepVersion(this.db, this.sql, space, limit);
  }

  async close(): Promise<void> {
    this.flush();
  }
}
