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
});
