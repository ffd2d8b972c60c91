import type { Pool } from 'pg';
import type { ExpectedVersion, NewEvent } from '@atende/events';
import { appendBatchInTransaction, type AppendOutcome, type BatchOutcome } from './append-batch.js';
import type { EventStoreSql } from './schema.js';
import { inWriteTransaction } from './write-transaction.js';

interface Pending {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
  resolve: (outcome: AppendOutcome) => void;
  reject: (error: unknown) => void;
}

/** Appends per transaction at most (a bound on how long the append lock is held). */
const MAX_BATCH = 500;

/**
 * Group commit: the appends that arrive while one transaction is committing go together in the
 * next, so many writers share one lock and one WAL flush (one transaction per append was ≈130
 * appends/s here, each waiting for the disk in turn). A refused append (wrong expected version) is
 * refused before it writes anything and leaves the others in; any other failure rolls the whole
 * transaction back, and each of its appends is then tried alone, so one bad append never fails
 * another. Nothing is resolved before its transaction committed.
 */
export class GroupCommitter {
  private queue: Pending[] = [];
  private draining = false;

  constructor(
    private readonly pool: Pool,
    private readonly sql: EventStoreSql,
  ) {}

  append(
    streamId: string,
    events: readonly NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendOutcome> {
    return new Promise((resolve, reject) => {
      this.queue.push({ streamId, events, expectedVersion, resolve, reject });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    try {
      while (this.queue.length > 0) await this.commit(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.draining = false;
    }
  }

  private settle(batch: readonly Pending[], results: readonly BatchOutcome[]): void {
    results.forEach((result, i) => {
      if ('outcome' in result) batch[i]!.resolve(result.outcome);
      else batch[i]!.reject(result.refused);
    });
  }

  private async commit(batch: Pending[]): Promise<void> {
    try {
      const results = await inWriteTransaction(this.pool, this.sql.beginWrite, (client) =>
        appendBatchInTransaction(client, this.sql, batch),
      );
      this.settle(batch, results);
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // Rolled back (a database error, the connection): each append alone, so one fails alone.
      for (const p of batch) {
        try {
          const results = await inWriteTransaction(this.pool, this.sql.beginWrite, (client) =>
            appendBatchInTransaction(client, this.sql, [p]),
          );
          this.settle([p], results);
        } catch (alone) {
          p.reject(alone);
        }
      }
    }
  }
}
