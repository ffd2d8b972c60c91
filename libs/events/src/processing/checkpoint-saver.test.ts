import { MemoryCheckpointStore } from '../ports/checkpoint-store.js';
import { CheckpointSaver } from './checkpoint-saver.js';

/** Counts the saves it takes; fails the next one when told. */
class CountingStore extends MemoryCheckpointStore {
  saves: number[] = [];
  failNext = false;
  override async save(name: string, position: number): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      throw new Error('store away');
    }
    this.saves.push(position);
    await super.save(name, position);
  }
}

describe('CheckpointSaver', () => {
  let store: CountingStore;
  let position: number;
  let errors: number[];
  const saver = (saved: number | undefined) =>
    new CheckpointSaver({
      checkpoints: store,
      name: 'consumer',
      position: () => position,
      saved,
      everyMs: 200,
      onError: (_error, at) => void errors.push(at),
    });

  beforeEach(() => {
    store = new CountingStore();
    errors = [];
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('saves the latest position once per interval while it moves, and at once when asked', async () => {
    const s = saver(undefined);
    for (position = 1; position <= 5; position += 1) s.soon();
    position = 5;
    await jest.advanceTimersByTimeAsync(199);
    expect(store.saves).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(store.saves).toEqual([5]);
    position = 9;
    await s.now();
    expect(store.saves).toEqual([5, 9]);
    expect(await store.load('consumer')).toBe(9);
  });

  it('writes neither the position the store holds already nor one below 0', async () => {
    position = 4;
    await saver(4).now();
    position = -1;
    await saver(undefined).now();
    expect(store.saves).toEqual([]);
  });

  it('reports a failed save, and the next one writes the position', async () => {
    const s = saver(undefined);
    position = 3;
    store.failNext = true;
    await s.now();
    expect(errors).toEqual([3]);
    await s.now();
    expect(store.saves).toEqual([3]);
  });
});
