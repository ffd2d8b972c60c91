import { Redis } from 'ioredis';
import {
  SessionEndListeners,
  newToken,
  hashToken,
  type SessionEnding,
  type SessionRecord,
  type SessionStore,
} from './session-store.js';

/** Sessions in Redis, shared by every gateway (distributed mode). Keys expire with the session. */
export class RedisSessionStore implements SessionStore {
  private readonly ended = new SessionEndListeners();
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix = 'atende:session:',
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 2 });
  }

  private key(tokenHash: string): string {
    return `${this.prefix}t:${tokenHash}`;
  }

  private userKey(userId: string): string {
    return `${this.prefix}u:${userId}`;
  }

  async create(record: SessionRecord): Promise<string> {
    const token = newToken();
    const tokenHash = hashToken(token);
    const ttl = Math.max(1, record.expiresAt - record.createdAt);
    await this.redis
      .multi()
      .set(this.key(tokenHash), JSON.stringify(record), 'PX', ttl)
      .sadd(this.userKey(record.userId), tokenHash)
      // The index of a user's sessions outlives them a little, never forever.
      .pexpire(this.userKey(record.userId), ttl + 86_400_000)
      .exec();
    return token;
  }

  async get(tokenHash: string, now: number): Promise<SessionRecord | undefined> {
    const raw = await this.redis.get(this.key(tokenHash));
    if (!raw) return undefined;
    const record = JSON.parse(raw) as SessionRecord;
    return record.expiresAt > now ? record : undefined;
  }

  async extend(tokenHash: string, expiresAt: number): Promise<void> {
    const raw = await this.redis.get(this.key(tokenHash));
    if (!raw) return;
    const record = { ...(JSON.parse(raw) as SessionRecord), expiresAt };
    await this.redis.set(
      this.key(tokenHash),
      JSON.stringify(record),
      'PX',
      Math.max(1, expiresAt - Date.now()),
    );
  }

  async delete(tokenHash: string): Promise<void> {
    await this.redis.del(this.key(tokenHash));
    this.ended.notify({ tokenHash });
  }

  onEnded(listener: (ending: SessionEnding) => void): () => void {
    return this.ended.onEnded(listener);
  }

  async deleteAllOfUser(userId: string, workspaceId?: string): Promise<void> {
    await this.deleteSessionsOf(userId, workspaceId);
    this.ended.notify(workspaceId === undefined ? { userId } : { userId, workspaceId });
  }

  private async deleteSessionsOf(userId: string, workspaceId: string | undefined): Promise<void> {
    const hashes = await this.redis.smembers(this.userKey(userId));
    if (workspaceId === undefined) {
      if (hashes.length > 0) await this.redis.del(...hashes.map((h) => this.key(h)));
      await this.redis.del(this.userKey(userId));
      return;
    }
    if (hashes.length === 0) return;
    const records = await this.redis.mget(...hashes.map((h) => this.key(h)));
    const ending = hashes.filter((_, i) => {
      const raw = records[i];
      return (
        raw !== null && raw !== undefined && (JSON.parse(raw) as SessionRecord).workspaceId === workspaceId
      );
    });
    if (ending.length === 0) return;
    await this.redis
      .multi()
      .del(...ending.map((h) => this.key(h)))
      .srem(this.userKey(userId), ...ending)
      .exec();
  }

  async close(): Promise<void> {
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
