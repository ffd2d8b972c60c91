import type { CheckpointStore } from '../ports/checkpoint-store.js';

/** What every CheckpointStore adapter must do. `open` gives a new connection to the same storage. */
export function checkpointStoreContract(
  adapterName: string,
  makeHarness: () => Promise<{ open(): Promise<CheckpointStore>; cleanup(): Promise<void> }>,
): void {
  describe(`CheckpointStore contract: ${adapterName}`, () => {
    let harness: Awaited<ReturnType<typeof makeHarness>>;
    let store: CheckpointStore;
    beforeEach(async () => {
      harness = await makeHarness();
      store = await harness.open();
    });
    afterEach(async () => {
      await store.close();
      await harness.cleanup();
    });

    it('has no position for a consumer that never saved', async () => {
      expect(await store.load('never')).toBeUndefined();
    });

    it('keeps the last saved position per consumer, including 0', async () => {
      await store.save('a', 10);
      await store.save('a', 42);
      await store.save('b', 0);
      expect(await store.load('a')).toBe(42);
      expect(await store.load('b')).toBe(0);
    });

    it('still has the position after closing and opening again', async () => {
      await store.save('bridge', 1234);
      await store.close();
      store = await harness.open();
      expect(await store.load('bridge')).toBe(1234);
    });

    it('refuses a position that is not a non-negative integer and keeps the old one', async () => {
      await store.save('c', 5);
      for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
        await expect(store.save('c', bad)).rejects.toThrow(RangeError);
      }
      expect(await store.load('c')).toBe(5);
    });
  });
}
