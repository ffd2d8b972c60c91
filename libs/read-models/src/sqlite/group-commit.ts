import type Database from 'better-sqlite3';

const DONE = Symbol('done');

interface Queued {
  work: () => void;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Commits asked for within one turn of the event loop (the projections of one batch, applied side by
 * side) go to the file in one transaction: one WAL write instead of one per projection. Each runs
 * in a savepoint of its own, so one that throws (a checkpoint that moved) is undone and refused
 * alone; if the transaction itself fails, every one of them is refused.
 */
export class GroupCommit {
  private queue: Queued[] = [];
  private scheduled: NodeJS.Immediate | undefined;

  constructor(private readonly db: Database.Database) {}

  run(work: () => void): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ work, resolve, reject });
      this.scheduled ??= setImmediate(() => this.flush());
    });
  }

  /** Commits what is queued now (before the database closes). */
  flush(): void {
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = undefined;
    const queued = this.queue;
    this.queue = [];
    if (queued.length === 0) return;
    const outcomes: unknown[] = [];
    try {
      this.db.transaction(() => {
        for (const { work } of queued) {
          try {
            this.db.transaction(work)(); // a savepoint inside the group's transaction
            outcomes.push(DONE);
          } catch (error) {
            outcomes.push(error);
          }
        }
      })();
    } catch (error) {
      for (const { reject } of queued) reject(error);
      return;
    }
    queued.forEach(({ resolve, reject }, i) => (outcomes[i] === DONE ? resolve() : reject(outcomes[i])));
  }
}
