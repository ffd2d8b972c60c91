import { pino } from 'pino';
import { atendeRegistry } from '@atende/events';
import { MemoryReadModels } from '@atende/read-models';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { allProjections } from '../projections/index.js';
import { generateWorkload } from '../testing/generate-workload.js';
import { forEachReadModels, type ReadModelsHarness } from '../testing/read-model-kinds.js';
import { dumpAllProjections, withoutCheckpoints } from '../testing/read-model-dumps.js';
import { applyBatch } from './apply-batch.js';
import { Projector } from './projector.js';
import { rebuild } from './rebuild.js';

const logger = pino({ level: 'silent' });
const EVENTS = 6000;

async function appendWorkload(store: SqliteEventStore, total: number, chunks: number): Promise<void> {
  const all = [...generateWorkload(total, { conversations: 300 })];
  const size = Math.ceil(all.length / chunks);
  for (let i = 0; i < all.length; i += size) {
    // Concurrent appends, as many writers would make them (group commit, interleaved streams).
    await Promise.all(
      all.slice(i, i + size).map((g) =>
        store.appendToStream(g.streamId, [
          atendeRegistry.prepare(g.event, {
            workspaceId: 'bench',
            occurredAt: g.occurredAt,
            ...(g.actorId ? { actorId: g.actorId } : {}),
          }),
        ]),
      ),
    );
    await new Promise((r) => setTimeout(r, 5)); // let the live projector see several batches
  }
}

function rebuildEqualsLive(name: string, makeReadModels: () => Promise<ReadModelsHarness>) {
  describe(`read models rebuilt from the log equal the live ones (${name})`, () => {
    let store: SqliteEventStore;
    let harness: ReadModelsHarness;
    beforeEach(async () => {
      store = createSqliteEventStore({ filename: ':memory:', synchronous: 'normal' });
      harness = await makeReadModels();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('after a mixed workload, wiping and replaying gives identical read models', async () => {
      const { readModels } = harness;
      const projector = new Projector({
        store,
        readModels,
        projections: allProjections,
        logger,
        batchSize: 257,
      });
      projector.start();
      await appendWorkload(store, EVENTS, 12);
      expect(await projector.caughtUp()).toBe(true);
      await projector.stop();
      const live = await dumpAllProjections(readModels);
      const conversations = Object.keys(live.conversations!.docs.conversation ?? {}).length;
      expect(conversations).toBeGreaterThan(100);
      expect(Object.keys(live.messages!.docs.message ?? {}).length).toBeGreaterThan(1000);
      expect(Object.keys(live.notes!.docs.note ?? {}).length).toBeGreaterThan(0);
      expect(Object.keys(live['canned-replies']!.docs['canned-reply'] ?? {}).length).toBeGreaterThan(0);

      const report = await rebuild({ store, readModels, projections: allProjections, batchSize: 1000 });
      expect(report.events).toBe(await store.lastGlobalPosition());
      const rebuilt = await dumpAllProjections(readModels);
      expect(withoutCheckpoints(rebuilt)).toEqual(withoutCheckpoints(live));
      for (const p of allProjections) expect(rebuilt[p.name]!.checkpoint).toBe(report.position);
    });

    it('the same events delivered twice leave the same read models', async () => {
      const { readModels } = harness;
      await appendWorkload(store, 3000, 1);
      const events = [];
      for await (const e of store.readAll()) events.push(e);
      const once = new MemoryReadModels();
      for (const p of allProjections) await applyBatch(p, once.writer(p.name), events);
      for (const p of allProjections) {
        // Every batch delivered twice, and the whole log once more after the end.
        for (let i = 0; i < events.length; i += 400) {
          const chunk = events.slice(i, i + 400);
          await applyBatch(p, readModels.writer(p.name), chunk);
          await applyBatch(p, readModels.writer(p.name), chunk);
        }
        await applyBatch(p, readModels.writer(p.name), events);
      }
      expect(await dumpAllProjections(readModels)).toEqual(await dumpAllProjections(once));
    });
  });
}

forEachReadModels(rebuildEqualsLive);
