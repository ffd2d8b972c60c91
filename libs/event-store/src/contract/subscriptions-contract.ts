/**
 * The EventStore contract's subscription block: catching up, then following live appends of this
 * and other connections and processes, event by event or in pages, until aborted.
 */
import type { EventStore } from '@atende/events';
import { startChildWriter, waitForExit } from './child-process.js';
import { collect, uniqueStream, type ContractSuite } from './contract-suite.js';
import { sampleEvent } from './sample-events.js';

export function subscriptionsContract(suite: ContractSuite): void {
  let store: EventStore;
  beforeEach(() => (store = suite.store()));

  describe('subscriptions', () => {
    it('catches up, then follows live appends, seeing every event exactly once', async () => {
      const start = (await store.lastGlobalPosition()) + 1;
      const stream = uniqueStream();
      for (let i = 0; i < 50; i += 1) await store.appendToStream(stream, [sampleEvent(`antes ${i}`)]);
      const total = 350;
      const controller = new AbortController();
      const seen: number[] = [];
      const reading = (async () => {
        for await (const event of store.subscribe(start, { signal: controller.signal, batchSize: 20 })) {
          seen.push(event.globalPosition);
          if (seen.length === total) controller.abort();
        }
      })();
      const writer = await suite.another();
      for (let i = 50; i < total; i += 1) {
        const target = i % 3 === 0 ? writer : store;
        await target.appendToStream(uniqueStream(), [sampleEvent(`durante ${i}`)]);
      }
      await reading;
      expect(seen).toHaveLength(total);
      expect(new Set(seen).size).toBe(total);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
    });

    it('sees events appended by another process', async () => {
      const start = (await store.lastGlobalPosition()) + 1;
      const controller = new AbortController();
      const seen: string[] = [];
      const reading = (async () => {
        for await (const event of store.subscribe(start, { signal: controller.signal })) {
          seen.push(event.metadata.eventId);
          if (seen.length === 5) controller.abort();
        }
      })();
      const child = startChildWriter(['report', '5', uniqueStream()], suite.childEnv());
      const output = await waitForExit(child);
      await reading;
      const reported = output
        .trim()
        .split('\n')
        .map((line) => line.split(' ')[1]);
      expect(seen).toEqual(reported);
    });

    it('follows in pages: what is stored, then live appends, in order, each at most batchSize', async () => {
      const start = (await store.lastGlobalPosition()) + 1;
      const stream = uniqueStream();
      for (let i = 0; i < 45; i += 1) await store.appendToStream(stream, [sampleEvent(`antes ${i}`)]);
      const total = 120;
      const controller = new AbortController();
      const pages: number[][] = [];
      const reading = (async () => {
        for await (const page of store.subscribePages(start, {
          signal: controller.signal,
          batchSize: 20,
        })) {
          pages.push(page.map((e) => e.globalPosition));
          if (pages.flat().length >= total) controller.abort();
        }
      })();
      const writer = await suite.another();
      for (let i = 45; i < total; i += 1) {
        await (i % 2 === 0 ? writer : store).appendToStream(uniqueStream(), [sampleEvent(`durante ${i}`)]);
      }
      await reading;
      const seen = pages.flat();
      expect(seen).toHaveLength(total);
      expect([...seen].sort((x, y) => x - y)).toEqual(seen);
      expect(new Set(seen).size).toBe(total);
      expect(Math.max(...pages.map((p) => p.length))).toBeLessThanOrEqual(20);
      expect(pages.every((p) => p.length > 0)).toBe(true);
      expect(pages[0]).toHaveLength(20); // catching up hands over full pages
    });

    it('ends when aborted while idle', async () => {
      const controller = new AbortController();
      const reading = collect(
        store.subscribe((await store.lastGlobalPosition()) + 1, { signal: controller.signal }),
      );
      setTimeout(() => controller.abort(), 30);
      await expect(reading).resolves.toEqual([]);
    });
  });
}
