import type { ChannelEvent } from '@atende/events';
import { ChannelListeners } from './channel-listeners.js';

/** A recording the test finishes by hand. */
function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const ack = (n: number): ChannelEvent => ({
  type: 'ack',
  sessionId: 's1',
  providerMessageId: `p${n}`,
  status: 'delivered',
});

/** Whether the promise settled by the next turn, and how. */
async function stateOf(promise: Promise<void>): Promise<'pending' | 'resolved' | 'rejected'> {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => (state = 'resolved'),
    () => (state = 'rejected'),
  );
  await new Promise((resolve) => setImmediate(resolve));
  return state;
}

describe('ChannelListeners.delivered', () => {
  it('waits for every event emitted before the call, finished in any order, and not for later ones', async () => {
    const listeners = new ChannelListeners();
    const recordings = [deferred(), deferred(), deferred()];
    let next = 0;
    listeners.add(() => recordings[next++]!.promise);
    listeners.emit(ack(1));
    listeners.emit(ack(2));
    const firstTwo = listeners.delivered();
    listeners.emit(ack(3));
    const all = listeners.delivered();

    recordings[1]!.resolve();
    expect(await stateOf(firstTwo)).toBe('pending');
    recordings[0]!.resolve();
    expect(await stateOf(firstTwo)).toBe('resolved');
    expect(await stateOf(all)).toBe('pending');
    recordings[2]!.resolve();
    expect(await stateOf(all)).toBe('resolved');
  });

  it('rejects at once the waiters whose events include a failed recording, not the earlier ones', async () => {
    const listeners = new ChannelListeners();
    const recordings = [deferred(), deferred(), deferred()];
    let next = 0;
    listeners.add(() => recordings[next++]!.promise);
    listeners.emit(ack(1));
    const first = listeners.delivered();
    listeners.emit(ack(2));
    const firstTwo = listeners.delivered();
    listeners.emit(ack(3));
    const all = listeners.delivered();
    recordings[1]!.reject(new Error('log down'));
    await expect(firstTwo).rejects.toThrow('log down');
    await expect(all).rejects.toThrow('log down'); // event 3 is still recording: no need to wait for it
    expect(await stateOf(first)).toBe('pending');
    recordings[0]!.resolve();
    expect(await stateOf(first)).toBe('resolved');
    // Asked after the failure: only what is still recording (event 3) counts.
    const later = listeners.delivered();
    recordings[2]!.resolve();
    await expect(later).resolves.toBeUndefined();
  });

  it('resolves at once when nothing is recording, and a throwing listener does not stop the others', async () => {
    const listeners = new ChannelListeners();
    await expect(listeners.delivered()).resolves.toBeUndefined();
    const seen: string[] = [];
    listeners.add(() => {
      throw new Error('broken listener');
    });
    listeners.add((event) => void seen.push(event.type));
    listeners.emit(ack(1));
    expect(seen).toEqual(['ack']);
    await expect(listeners.delivered()).resolves.toBeUndefined();
  });
});
