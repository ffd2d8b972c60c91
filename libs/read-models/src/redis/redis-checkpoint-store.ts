import type { Redis } from 'ioredis';
import { newRedis } from './ioredis.js';
import { assertPosition, type CheckpointStore } from '@atende/events';

/** Checkpoints of log consumers in one Redis hash (distributed mode). */
export class RedisCheckpointStore implements CheckpointStore {
  private readonly redis: Redis;
  private readonly key: string;

  constructor(options: { url: string; prefix?: string }) {
    this.redis = newRedis(options.url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.key = `${options.prefix ?? 'atende:'}consumer-checkpoints`;
  }

  async load(consumer: string): Promise<number | undefined> {
    const value = await this.redis.hget(this.key, consumer);
    return value === null ? undefined : Number(value);
  }

  async save(consumer: string, position: number): Promise<void> {
    assertPosition(position);
    await this.redis.hset(this.key, consumer, String(position));
  }

  /** Removes every checkpoint under this prefix (tests). */
  async deleteAll(): Promise<void> {
    await this.redis.del(this.key);
  }

  async close(): Promise<void> {
    if (this.redis.status !== 'end') await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
