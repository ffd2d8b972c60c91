import { MemoryCheckpointStore } from '@atende/events';
import { MemoryLog } from '@atende/events/testing';
import { storedNote } from '../contract/event-bus-contract.js';
import { InProcessEventBus } from '../in-process/in-process-event-bus.js';
import { startRelay, type Relay } from './relay.js';

const silent = { error: () => undefined, warn: () => undefined };

/** Counts the relay's saves, as the Redis store would take them. */
class CountingCheckpoints extends MemoryCheckpointStore {
  saves: number[] = [];
  override async save(name: string, position: number): Promise<void> {
    this.saves.push(position);
    await super.save(name, position);
  }
}

describe('relay checkpoint', () => {
  let relay: Relay | undefined;
  afterEach(async () => {
    await relay?.stop();
    relay = undefined;
  });

  it('saves at most once per interval, the latest published position, and at once when it stops', async () => {
    const log = new MemoryLog([storedNote('note-a', 0, 1)]);
    const bus = new InProcessEventBus();
    const checkpoints = new CountingCheckpoints();
    relay = await startRelay({
      store: log,
      bus,
      checkpoints,
      logger: silent,
      batchSize: 1,
      checkpointEveryMs: 60_000,
    });
    expect(await relay.waitFor(1, 5000)).toBe(true);
    for (let i = 2; i <= 5; i += 1) {
      log.push(storedNote(`note-${i}`, 0, i));
      expect(await relay.waitFor(i, 5000)).toBe(true);
    }
    // Five publishes, no save yet: the first is due in a minute.
    expect(relay.position()).toBe(5);
    expect(checkpoints.saves).toEqual([]);

    await relay.stop();
    relay = undefined;
    expect(checkpoints.saves).toEqual([5]);
    expect(await checkpoints.load('kafka-relay')).toBe(5);
  });

  it('saves within the interval while it runs, not again for nothing new, and a restart starts from that save', async () => {
    const log = new MemoryLog([storedNote('note-a', 0, 1), storedNote('note-b', 0, 2)]);
    const checkpoints = new CountingCheckpoints();
    relay = await startRelay({
      store: log,
      bus: new InProcessEventBus(),
      checkpoints,
      logger: silent,
      checkpointEveryMs: 20,
    });
    expect(await relay.waitFor(2, 5000)).toBe(true);
    const deadline = Date.now() + 5000;
    while (checkpoints.saves.length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(checkpoints.saves).toEqual([2]);

    await relay.stop();
    relay = undefined;
    expect(checkpoints.saves).toEqual([2]);

    log.push(storedNote('note-c', 0, 3));
    const bus = new InProcessEventBus();
    const published: number[] = [];
    await bus.subscribe('probe', async (events) => {
      published.push(...events.map((e) => e.globalPosition));
    });
    const next = await startRelay({ store: log, bus, checkpoints, logger: silent });
    expect(await next.waitFor(3, 5000)).toBe(true);
    await next.stop();
    expect(published).toEqual([3]);
  });
});
