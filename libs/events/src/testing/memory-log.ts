import { EventEmitter } from 'node:events';
import type { EventStore, StoredEvent } from '../index.js';

/**
 * Test aid: a log in memory as its followers read it (subscribePages, readBatch): what it holds from
 * the asked position, then each batch `push`ed later, until the subscription is aborted.
 */
export class MemoryLog implements Pick<EventStore, 'subscribePages' | 'readBatch'> {
  private readonly appended = new EventEmitter();
  /** How many reads it answered (subscription pages and readBatch calls). */
  reads = 0;

  constructor(private readonly events: StoredEvent[] = []) {}

  push(...events: StoredEvent[]): void {
    this.events.push(...events);
    this.appended.emit('appended');
  }

  async readBatch(from: number, limit: number): Promise<StoredEvent[]> {
    this.reads += 1;
    return this.events.filter((e) => e.globalPosition >= from).slice(0, limit);
  }

  async *subscribePages(
    from = 1,
    options: { signal?: AbortSignal; batchSize?: number } = {},
  ): AsyncGenerator<StoredEvent[]> {
    const { signal } = options;
    let position = from;
    while (!signal?.aborted) {
      const page = await this.readBatch(position, options.batchSize ?? Number.MAX_SAFE_INTEGER);
      if (page.length > 0) {
        position = page[page.length - 1]!.globalPosition + 1;
        yield page;
        continue;
      }
      if (!signal) return;
      await new Promise<void>((resolve) => {
        const done = () => {
          this.appended.off('appended', done);
          signal.removeEventListener('abort', done);
          resolve();
        };
        this.appended.on('appended', done);
        signal.addEventListener('abort', done, { once: true });
      });
    }
  }
}
