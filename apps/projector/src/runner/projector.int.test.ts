import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { atendeRegistry, type ReadModels } from '@atende/events';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { MemoryReadModels, RedisReadModels, describeWithRedis, testRedisUrl } from '@atende/read-models';
import type { Projection } from '../projection.js';
import { conversationsProjection } from '../projections/index.js';
import { generateWorkload } from '../testing/generate-workload.js';
import { Projector } from './projector.js';

const logger = pino({ level: 'silent' });

function counting(projection: Projection): Projection & { positions: number[] } {
  const positions: number[] = [];
  return {
    name: projection.name,
    eventTypes: projection.eventTypes,
    positions,
    apply(event, tx) {
      positions.push(event.globalPosition);
      projection.apply(event, tx);
    },
  };
}

async function append(store: SqliteEventStore, generated: ReturnType<typeof generateWorkload>) {
  for (const g of generated) {
    await store.appendToStream(g.streamId, [
      atendeRegistry.prepare(g.event, { workspaceId: 'bench', occurredAt: g.occurredAt }),
    ]);
  }
}

describe('Projector', () => {
  it('lets the event loop in between batches while it catches up with a log', async () => {
    const store = createSqliteEventStore({ filename: ':memory:' });
    await append(store, generateWorkload(400, { conversations: 10 }));
    const head = await store.lastGlobalPosition();
    const projector = new Projector({
      store,
      readModels: new MemoryReadModels(),
      projections: [conversationsProjection],
      logger,
      batchSize: 50,
    });
    projector.start();
    try {
      // A request arriving meanwhile: its callback runs while the replay is still under way.
      const seenMeanwhile = new Promise<number>((resolve) =>
        setImmediate(() => resolve(projector.position())),
      );
      expect(await projector.caughtUp(5000)).toBe(true);
      expect(await seenMeanwhile).toBeLessThan(head);
    } finally {
      await projector.stop();
      await store.close();
    }
  });

  it.each([false, true])(
    'keeps the other projections going when one fails, and reports it (concurrent: %s)',
    async (concurrent) => {
      const store = createSqliteEventStore({ filename: ':memory:' });
      const readModels = new MemoryReadModels();
      const broken: Projection = {
        name: 'broken',
        eventTypes: new Set(['InboundMessageReceived']),
        apply() {
          throw new Error('bug in projection');
        },
      };
      const projector = new Projector({
        store,
        readModels,
        projections: [broken, conversationsProjection],
        logger,
        concurrent,
      });
      projector.start();
      await append(store, generateWorkload(300, { conversations: 10 }));
      expect(await projector.waitForPosition(await store.lastGlobalPosition(), 5000)).toBe(true);
      const status = Object.fromEntries(projector.status().map((s) => [s.name, s]));
      expect(status.broken).toMatchObject({ state: 'failed', error: 'bug in projection' });
      expect(status.conversations).toMatchObject({
        state: 'running',
        position: await store.lastGlobalPosition(),
      });
      expect(await readModels.view('broken').checkpoint()).toBe(0);
      await projector.stop();
      await store.close();
    },
  );
});

function resumesFromCheckpoint(
  name: string,
  make: () => { readModels: ReadModels; cleanup(): Promise<void> },
) {
  it(`resumes from its checkpoint after a restart, not from zero (${name})`, async () => {
    const store = createSqliteEventStore({ filename: ':memory:' });
    const { readModels, cleanup } = make();
    try {
      const workload = [...generateWorkload(1200, { conversations: 30 })];
      await append(store, workload.slice(0, 800).values() as never);
      const first = counting(conversationsProjection);
      const p1 = new Projector({ store, readModels, projections: [first], logger, idleCheckpointEvery: 1 });
      p1.start();
      expect(await p1.caughtUp(5000)).toBe(true);
      await p1.stop();
      const checkpoint = await readModels.view('conversations').checkpoint();
      expect(checkpoint).toBe(await store.lastGlobalPosition());

      await append(store, workload.slice(800).values() as never);
      const second = counting(conversationsProjection);
      const p2 = new Projector({ store, readModels, projections: [second], logger });
      p2.start();
      expect(await p2.caughtUp(5000)).toBe(true);
      await p2.stop();
      expect(second.positions.length).toBeGreaterThan(0);
      expect(Math.min(...second.positions)).toBeGreaterThan(checkpoint);
      // (An adapter may apply a batch twice in-process while loading documents; what matters is
      // that nothing applied before the restart is applied again after it.)
      const before = new Set(first.positions);
      expect(second.positions.filter((p) => before.has(p))).toEqual([]);
    } finally {
      await cleanup();
      await store.close();
    }
  });
}

describeWithRedis('Projector with Redis read models', () => {
  resumesFromCheckpoint('Redis', () => {
    const readModels = new RedisReadModels({ url: testRedisUrl(), prefix: `atende-test:${randomUUID()}:` });
    return {
      readModels,
      cleanup: async () => {
        await readModels.deleteAll();
        await readModels.close();
      },
    };
  });
});
