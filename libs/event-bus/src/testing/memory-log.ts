import { EventEmitter } from 'node:events';
import type { EventStore, StoredEvent } from '@atende/events';

/**
 * Test aid: a log in memory as the relay follows it (subscribePages): what it holds from the asked
 * position, then each batch `push`ed later, until the subscription is aborted.
 */
export class MemoryLog implements Pick<EventStore, 'subscribePages'> {
  private readonly appended = new EventEmitter();

  constructor(private readonly events: StoredEvent[] = []) {}

  push(...events: StoredEvent[]): void {
    this.events.push(...events);
    this.appended.emit('appended');
  }

  async *subscribePages(from = 1, options: { signal?: AbortSignal } = {}): AsyncGenerator<StoredEvent[]> {
    const { signal } = options;
    let position = from;
    while (!signal?.aborted) {
      const page = this.events.filter((e) => e.globalPosition >= position);
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
