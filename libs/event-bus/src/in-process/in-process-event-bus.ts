import type { BusSubscribeOptions, BusSubscription, EventBus, StoredEvent } from '@atende/events';

/**
 * The bus in one process (embedded mode and tests): an ordered log in memory with a committed
 * offset per consumer group, the same rules as the Kafka adapter.
 */
export class InProcessEventBus implements EventBus {
  private readonly log: StoredEvent[] = [];
  private readonly committed = new Map<string, number>();
  private readonly wakers = new Set<() => void>();
  private closed = false;

  async publish(events: readonly StoredEvent[]): Promise<void> {
    if (this.closed) throw new Error('event bus closed');
    this.log.push(...events);
    for (const wake of [...this.wakers]) wake();
  }

  async subscribe(
    group: string,
    handler: (events: StoredEvent[]) => Promise<void>,
    options: BusSubscribeOptions = {},
  ): Promise<BusSubscription> {
    if (!this.committed.has(group))
      this.committed.set(group, options.fromBeginning === false ? this.log.length : 0);
    let stopped = false;
    let wake: (() => void) | undefined;
    const loop = (async () => {
      while (!stopped && !this.closed) {
        const from = this.committed.get(group)!;
        if (from < this.log.length) {
          const batch = this.log.slice(from, from + 500);
          try {
            await handler(batch);
            this.committed.set(group, from + batch.length);
          } catch {
            await new Promise((r) => setTimeout(r, 100)); // redelivered: handlers are idempotent
          }
          continue;
        }
        await new Promise<void>((resolve) => {
          wake = resolve;
          this.wakers.add(resolve);
        });
        if (wake) this.wakers.delete(wake);
      }
    })();
    return {
      stop: async () => {
        stopped = true;
        wake?.();
        await loop;
      },
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const wake of [...this.wakers]) wake();
  }
}
