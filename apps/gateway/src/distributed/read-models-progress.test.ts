import { MemoryReadModels } from '@atende/read-models';
import { ReadModelsProgress } from './read-models-progress.js';

describe('ReadModelsProgress', () => {
  it('waits until every listed projection holds the position, and gives up after the timeout', async () => {
    const readModels = new MemoryReadModels();
    const progress = new ReadModelsProgress(readModels, ['a', 'b'], 5);
    const commit = async (projection: string, checkpoint: number) => {
      const batch = await readModels.writer(projection).beginBatch();
      await batch.commit(checkpoint);
    };
    await commit('a', 10);
    expect(await progress.waitForPosition(5, 30)).toBe(false); // 'b' is still at 0
    const waiting = progress.waitForPosition(8, 2000);
    await commit('b', 9);
    expect(await waiting).toBe(true);
    expect(await progress.position()).toBe(9);
  });

  it('reads the checkpoints in one loop however many wait', async () => {
    const readModels = new MemoryReadModels();
    const progress = new ReadModelsProgress(readModels, ['a', 'b'], 5);
    const views = new Map<string, ReturnType<MemoryReadModels['view']>>();
    let reads = 0;
    const counted = Object.create(readModels) as MemoryReadModels;
    counted.view = (name: string) => {
      if (!views.has(name)) {
        const view = readModels.view(name);
        views.set(name, { ...view, checkpoint: () => (reads++, view.checkpoint()) } as typeof view);
      }
      return views.get(name)!;
    };
    const shared = new ReadModelsProgress(counted, ['a', 'b'], 20);
    const waiting = Array.from({ length: 200 }, (_, i) => shared.waitForPosition(i + 1, 2000));
    await new Promise((r) => setTimeout(r, 50));
    // A few polls of two checkpoints, not 200 waiters polling each.
    expect(reads).toBeLessThan(20);
    for (const name of ['a', 'b']) {
      const batch = await readModels.writer(name).beginBatch();
      await batch.commit(200);
    }
    expect(await Promise.all(waiting)).toEqual(waiting.map(() => true));
    expect(await progress.position()).toBe(200);
  });

  it('asks again when a read never answers, so one lost reply does not hold every later push', async () => {
    let published = 0;
    let reads = 0;
    const readPosition = () => {
      reads += 1;
      // The first read is lost (never settles); the later ones answer.
      return reads === 1 ? new Promise<number>(() => undefined) : Promise.resolve(published);
    };
    const progress = new ReadModelsProgress(new MemoryReadModels(), ['a'], 5, readPosition, 50);
    const waiting = progress.waitForPosition(7, 2_000);
    published = 7;
    expect(await waiting).toBe(true);
    expect(reads).toBeGreaterThan(1);
  });
});
