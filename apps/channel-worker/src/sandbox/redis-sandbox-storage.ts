import { Redis } from 'ioredis';
import type { DocCodec } from '@atende/read-models';
import type { SandboxOutboxMessage } from './sandbox-channel.js';
import type { SandboxStorage } from './sandbox-storage.js';

export interface RedisSandboxStorageOptions {
  url: string;
  /** Every key starts with it, e.g. `atende:sandbox:`. */
  prefix: string;
  /** Seals what the phone received (texts to customers): Redis holds no personal data in clear. */
  codec: DocCodec;
}

/**
 * The sandbox phone's memory in the deployment's Redis (multi-host): a channel worker that takes a
 * session over from another host sees what the phone already received there, so a send retried
 * after the takeover is recognised instead of delivered twice. Pairings in one set; each session's
 * received messages in a hash by message id (the same id twice is kept once), sealed.
 */
export class RedisSandboxStorage implements SandboxStorage {
  private readonly redis: Redis;

  constructor(private readonly options: RedisSandboxStorageOptions) {
    this.redis = new Redis(options.url, { lazyConnect: true, maxRetriesPerRequest: 3 });
    this.redis.on('error', () => undefined); // commands fail and say why; the client reconnects
  }

  private get pairedKey(): string {
    return `${this.options.prefix}paired`;
  }

  private outboxKey(sessionId: string): string {
    return `${this.options.prefix}outbox:${sessionId}`;
  }

  async pairedSessions(): Promise<string[]> {
    return await this.redis.smembers(this.pairedKey);
  }

  async setPaired(sessionId: string, paired: boolean): Promise<void> {
    if (paired) await this.redis.sadd(this.pairedKey, sessionId);
    else await this.redis.srem(this.pairedKey, sessionId);
  }

  async outbox(sessionId: string): Promise<SandboxOutboxMessage[]> {
    const sealed = await this.redis.hvals(this.outboxKey(sessionId));
    const messages = sealed.map((raw) => this.options.codec.decode<SandboxOutboxMessage>(raw));
    // Oldest first; the provider id breaks ties within one millisecond (any fixed order will do).
    return messages.sort(
      (a, b) => a.sentAt.localeCompare(b.sentAt) || a.providerMessageId.localeCompare(b.providerMessageId),
    );
  }

  async addToOutbox(sessionId: string, message: SandboxOutboxMessage): Promise<SandboxOutboxMessage> {
    const key = this.outboxKey(sessionId);
    const sealed = this.options.codec.encode(message);
    if ((await this.redis.hsetnx(key, message.messageId, sealed)) === 1) return message;
    const kept = await this.redis.hget(key, message.messageId);
    return kept === null ? message : this.options.codec.decode<SandboxOutboxMessage>(kept);
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
