import { pino } from 'pino';
import type { CheckpointStore, EventStore } from '@atende/events';
import { BridgeCheckpoint } from './bridge-checkpoint.js';

/** The saved positions, in memory (a unit-test aid; the stores have their own contract suite). */
function memoryCheckpoints(): CheckpointStore & { saved: Map<string, number> } {
  const saved = new Map<string, number>();
  return {
    saved,
    load: async (name) => saved.get(name),
    save: async (name, position) => {
      saved.set(name, position);
    },
    close: async () => undefined,
  };
}

describe('BridgeCheckpoint shared by the bridge reactors', () => {
  it('never passes what one reactor has not handled, nor a request still open', async () => {
    const checkpoints = memoryCheckpoints();
    const checkpoint = await BridgeCheckpoint.start({
      store: { lastGlobalPosition: async () => 0 } as unknown as EventStore,
      checkpoints,
      consumer: 'channel-bridge',
      logger: pino({ level: 'silent' }),
      fromPosition: 1,
      startAtBeginning: undefined,
    });
    expect(checkpoint.join('sends')).toBe(0);
    expect(checkpoint.join('erasures')).toBe(0);
    checkpoint.handledTo(10, 'sends');
    checkpoint.handledTo(4, 'erasures');
    await checkpoint.save();
    expect(checkpoints.saved.get('channel-bridge')).toBe(4);
    expect(checkpoint.handledBy('sends')).toBe(10);

    checkpoint.begin('message-1', 3); // a send requested at 3, not sent yet
    checkpoint.handledTo(10, 'erasures');
    await checkpoint.save();
    expect(checkpoints.saved.get('channel-bridge')).toBe(2);

    checkpoint.finish('message-1');
    await checkpoint.stop();
    expect(checkpoints.saved.get('channel-bridge')).toBe(10);
  });
});
