import type { EventBus, EventSource, EventStore, StoredEvent } from '@atende/events';

/**
 * The projector's events from the event bus (distributed mode), as consumer group `group`. The bus
 * commits a batch only after the projector applied it. When the bus starts past what the read
 * models hold (a new group, read models restored from older data), the missing part is read from
 * the event log first, so nothing is skipped; what the read models already hold is dropped.
 * `fromBeginning: false` suits a consumer that only follows from now on (a gateway's fan-out).
 */
export function busSource(
  bus: EventBus,
  group: string,
  store: EventStore,
  options: { fromBeginning?: boolean; gapBatchSize?: number } = {},
): EventSource {
  const gapBatchSize = options.gapBatchSize ?? 2000;
  return async function* (from, signal) {
    let expected = from;
    const queue: { events: StoredEvent[]; done: () => void }[] = [];
    let wake: (() => void) | undefined;
    const onAbort = () => wake?.();
    signal.addEventListener('abort', onAbort);
    const subscription = await bus.subscribe(
      group,
      (events) =>
        new Promise<void>((done) => {
          queue.push({ events, done });
          wake?.();
        }),
      options.fromBeginning === undefined ? {} : { fromBeginning: options.fromBeginning },
    );
    try {
      while (!signal.aborted) {
        const next = queue.shift();
        if (!next) {
          await new Promise<void>((resolve) => (wake = resolve));
          wake = undefined;
          continue;
        }
        const fresh = next.events.filter((e) => e.globalPosition >= expected);
        const first = fresh[0]?.globalPosition;
        while (first !== undefined && expected < first) {
          const gap = await store.readBatch(expected, Math.min(gapBatchSize, first - expected), {
            trusted: true,
          });
          if (gap.length === 0) break;
          yield gap;
          expected = gap[gap.length - 1]!.globalPosition + 1;
        }
        if (fresh.length > 0) {
          yield fresh;
          expected = fresh[fresh.length - 1]!.globalPosition + 1;
        }
        next.done(); // applied: the bus may commit it
      }
    } finally {
      signal.removeEventListener('abort', onAbort);
      for (const pending of queue.splice(0)) pending.done();
      await subscription.stop();
    }
  };
}
