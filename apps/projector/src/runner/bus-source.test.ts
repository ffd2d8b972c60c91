import type { BusSubscription, EventBus, EventStore, StoredEvent } from '@atende/events';
import { TestLog } from '../testing/test-log.js';
import { BusOrderError } from './bus-order.js';
import { busSource } from './bus-source.js';

/** Delivers its batches one after the other, each once its handler settled; records the outcome. */
class ScriptedBus implements EventBus {
  readonly outcomes: string[] = [];
  stopped = false;

  constructor(private readonly batches: readonly StoredEvent[][]) {}

  async publish(): Promise<void> {}

  async subscribe(
    _group: string,
    handler: (events: StoredEvent[]) => Promise<void>,
  ): Promise<BusSubscription> {
    const delivering = (async () => {
      for (const batch of this.batches) {
        if (this.stopped) return;
        const label = batch.map((e) => e.globalPosition).join(',');
        try {
          await handler(batch);
          this.outcomes.push(`committed ${label}`);
        } catch {
          this.outcomes.push(`not committed ${label}`);
          return;
        }
      }
    })();
    return {
      stop: async () => {
        this.stopped = true;
        await delivering;
      },
    };
  }

  async close(): Promise<void> {}
}

function logOf(count: number): StoredEvent[] {
  const log = new TestLog();
  for (let i = 0; i < count; i += 1) {
    log.append(`conversation-w1-5511${i % 3}@c.us`, { type: 'ConversationPinned', data: {} });
  }
  return log.events;
}

const storeOf = (log: readonly StoredEvent[]) =>
  ({
    readBatch: async (from: number, limit: number) =>
      log.filter((e) => e.globalPosition >= from).slice(0, limit),
    lastGlobalPosition: async () => log[log.length - 1]?.globalPosition ?? 0,
  }) as unknown as EventStore;

const at = (log: readonly StoredEvent[], ...positions: number[]) =>
  positions.map((p) => log.find((e) => e.globalPosition === p)!);

describe('busSource', () => {
  it('hands on the bus batches in log order, the log filling the gaps, and lets the bus commit each', async () => {
    const log = logOf(6);
    const bus = new ScriptedBus([at(log, 1, 2), at(log, 2, 3, 5), at(log, 6)]);
    const abort = new AbortController();
    const applied: number[] = [];
    for await (const batch of busSource(bus, 'projector', storeOf(log))(1, abort.signal)) {
      applied.push(...batch.map((e) => e.globalPosition));
      if (applied.includes(6)) abort.abort();
    }
    expect(applied).toEqual([1, 2, 3, 4, 5, 6]);
    expect(bus.outcomes).toEqual(['committed 1,2', 'committed 2,3,5', 'committed 6']);
    expect(bus.stopped).toBe(true);
  });

  it('ends with a BusOrderError naming the topic and both positions, the batch in hand not committed', async () => {
    const log = logOf(6);
    // A topic with 3 partitions: every third event in each partition's batch.
    const bus = new ScriptedBus([at(log, 1, 4), at(log, 2, 5), at(log, 3, 6)]);
    const source = busSource(bus, 'atende.events.projector', storeOf(log), {
      busName: 'Kafka topic "atende.events"',
    });
    const applied: number[] = [];
    const consume = async () => {
      for await (const batch of source(1, new AbortController().signal)) {
        applied.push(...batch.map((e) => e.globalPosition));
      }
    };
    const failure = await consume().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BusOrderError);
    expect((failure as Error).message).toMatch(
      /^Event bus Kafka topic "atende.events" \(consumer group "atende.events.projector"\): expected global position 5, received 2\./,
    );
    expect(applied).toEqual([1, 2, 3, 4]); // nothing skipped before the stop
    expect(bus.outcomes).toEqual(['committed 1,4', 'not committed 2,5']);
    expect(bus.stopped).toBe(true);
  });

  it('ends with an error when the subscription dies (a consumer crashed for good), so its caller subscribes again', async () => {
    const log = logOf(3);
    let fail!: (error: Error) => void;
    let stops = 0;
    const deadBus: EventBus = {
      publish: async () => undefined,
      close: async () => undefined,
      subscribe: async (_group, handler, options) => {
        fail = options!.onFailure!;
        void handler(at(log, 1, 2));
        return { stop: async () => void (stops += 1) };
      },
    };
    const applied: number[] = [];
    const consume = async () => {
      for await (const batch of busSource(deadBus, 'g', storeOf(log))(1, new AbortController().signal)) {
        applied.push(...batch.map((e) => e.globalPosition));
        fail(new Error('The coordinator is not aware of this member'));
      }
    };
    const failure = await consume().catch((error: unknown) => error);
    expect((failure as Error).message).toBe(
      'bus subscription of group "g" died: The coordinator is not aware of this member',
    );
    expect(applied).toEqual([1, 2]);
    expect(stops).toBe(1);
  });

  it('leaves the batch in hand uncommitted when its consumer stops mid-batch (delivered again later)', async () => {
    const log = logOf(4);
    const bus = new ScriptedBus([at(log, 1, 2), at(log, 3, 4)]);
    const source = busSource(bus, 'projector', storeOf(log));
    for await (const batch of source(1, new AbortController().signal)) {
      if (batch.some((e) => e.globalPosition === 3)) break; // e.g. a checkpoint conflict
    }
    expect(bus.outcomes).toEqual(['committed 1,2', 'not committed 3,4']);
    expect(bus.stopped).toBe(true);
  });

  describe('a bus silent about events the log has', () => {
    /** Delivers `first` at once, then `late` (if any) only when told; counts its subscriptions. */
    function silentBus(first: StoredEvent[], late?: StoredEvent[], hangOnStop = false) {
      const state = { subscriptions: 0, stops: 0, deliverLate: async () => undefined as unknown };
      const bus: EventBus = {
        publish: async () => undefined,
        close: async () => undefined,
        subscribe: async (_group, handler) => {
          state.subscriptions += 1;
          void handler(first).catch(() => undefined);
          if (late) state.deliverLate = () => handler(late);
          // A hung consumer's stop may never end: the source must not wait for it forever.
          return {
            stop: () => {
              state.stops += 1;
              // Only the first: the test's own abort must be able to stop the next one.
              return hangOnStop && state.stops === 1 ? new Promise<void>(() => undefined) : Promise.resolve();
            },
          };
        },
      };
      return { bus, state };
    }

    it('reads them from the log after stallMs and says so, then drops the bus delivering them late', async () => {
      const log = logOf(5);
      const { bus, state } = silentBus(at(log, 1, 2), at(log, 3, 4, 5));
      const stalls: unknown[] = [];
      const abort = new AbortController();
      const source = busSource(bus, 'g', storeOf(log), {
        stallMs: 30,
        resubscribeAfterMs: 60_000,
        onStall: (stall) => stalls.push(stall),
      });
      const applied: number[] = [];
      let late: Promise<unknown> | undefined;
      for await (const batch of source(1, abort.signal)) {
        applied.push(...batch.map((e) => e.globalPosition));
        // The bus wakes up with 3–5: a redelivery now, not a reordered bus, so the source lets it commit.
        if (applied.includes(5)) late ??= state.deliverLate().then(() => abort.abort());
      }
      await expect(late).resolves.toBeUndefined();
      expect(applied).toEqual([1, 2, 3, 4, 5]);
      expect(stalls).toEqual([{ from: 3, to: 5, silentMs: expect.any(Number), resubscribing: false }]);
      expect(state.subscriptions).toBe(1);
    });

    it('subscribes again once it stayed silent for resubscribeAfterMs, without waiting for a hung stop', async () => {
      const log = logOf(2);
      const { bus, state } = silentBus(at(log, 1), undefined, true);
      const abort = new AbortController();
      const resubscribing: boolean[] = [];
      const source = busSource(bus, 'g', storeOf(log), {
        stallMs: 20,
        resubscribeAfterMs: 20,
        replacedStopWaitMs: 50,
        onStall: (stall) => resubscribing.push(stall.resubscribing),
      });
      const applied: number[] = [];
      const growing = setInterval(() => log.push(...logOf(log.length + 1).slice(log.length)), 10);
      try {
        for await (const batch of source(1, abort.signal)) {
          applied.push(...batch.map((e) => e.globalPosition));
          if (state.subscriptions >= 2) abort.abort();
        }
      } finally {
        clearInterval(growing);
      }
      expect(resubscribing).toContain(true);
      expect(state.subscriptions).toBe(2);
      expect(state.stops).toBe(2); // the silent one's (hung), then the second's at the abort
      // In log order, nothing twice: the new subscription's first batch (1) is a redelivery.
      expect(applied).toEqual(applied.map((_, i) => i + 1));
    }, 20_000);
  });
});
