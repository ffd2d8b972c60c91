import { atendeRegistry } from '@atende/events';
import { createSqliteEventStore, type SqliteEventStore } from '@atende/event-store';
import { SqliteReadModels } from '@atende/read-models';
import { conversationsProjection } from '../projections/index.js';
import { generateWorkload } from '../testing/generate-workload.js';
import { rebuild } from './rebuild.js';

describe('rebuild stopped by its signal (a process stopping during a background rebuild)', () => {
  let store: SqliteEventStore;
  let readModels: SqliteReadModels;
  beforeEach(async () => {
    store = createSqliteEventStore({ filename: ':memory:' });
    for (const g of generateWorkload(400, { conversations: 10 })) {
      await store.appendToStream(g.streamId, [
        atendeRegistry.prepare(g.event, { workspaceId: 'bench', occurredAt: g.occurredAt }),
      ]);
    }
    readModels = new SqliteReadModels({ filename: ':memory:' });
  });
  afterEach(async () => {
    await readModels.close();
    store.close();
  });

  it('stops between pages, discards what it built and leaves the serving version serving', async () => {
    const projections = [conversationsProjection];
    await rebuild({ store, readModels, projections });
    const serving = await readModels.view('conversations').dump();
    expect(serving.checkpoint).toBe(400);

    const controller = new AbortController();
    let pages = 0;
    const stopped = rebuild({
      store,
      readModels,
      projections,
      batchSize: 50,
      signal: controller.signal,
      onProgress: () => {
        pages += 1;
        if (pages === 2) controller.abort();
      },
    });
    await expect(stopped).rejects.toThrow(/abort/i);
    expect(pages).toBe(2);
    expect(await readModels.view('conversations').dump()).toEqual(serving);
    // The next rebuild starts from scratch on a version of its own and switches in.
    const report = await rebuild({ store, readModels, projections });
    expect(report.switched).toBe(true);
    expect(await readModels.view('conversations').dump()).toEqual(serving);
  });
});
