import { Redis } from 'ioredis';
import { BullMqQueue, type BullMqQueueOptions } from './bullmq-queue.js';
import type { KeyedJobQueues } from './job-queue.js';

export interface BullMqKeyedQueuesOptions<T> extends Omit<BullMqQueueOptions<T>, 'name' | 'connection'> {
  /** Queue names are `${name}.${key}` (the key URI-encoded: BullMQ names cannot hold ':'). */
  name: string;
}

/**
 * One BullMQ queue per key (distributed mode: a send queue per WhatsApp session, consumed only by
 * the channel worker that runs the session), all on one shared connection; each consuming handle
 * adds one blocking connection of its own.
 */
export class BullMqKeyedQueues<T> implements KeyedJobQueues<T> {
  private readonly connection: Redis;

  constructor(private readonly options: BullMqKeyedQueuesOptions<T>) {
    this.connection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  }

  /** The BullMQ queue name of a key. */
  queueName(key: string): string {
    return `${this.options.name}.${encodeURIComponent(key)}`;
  }

  open(key: string): BullMqQueue<T> {
    return new BullMqQueue<T>({ ...this.options, name: this.queueName(key), connection: this.connection });
  }

  async close(): Promise<void> {
    await this.connection.quit().catch(() => this.connection.disconnect());
  }
}
