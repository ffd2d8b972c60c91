/**
 * The EventStore contract's blocks on writing: optimistic concurrency (also across connections and
 * processes), idempotency by event id, and input refused before anything is written.
 */
import type { EventStore } from '@atende/events';
import { InvalidEventError, WrongExpectedVersionError } from '@atende/events';
import { startChildWriter, waitForExit } from './child-process.js';
import { uniqueStream, type ContractSuite } from './contract-suite.js';
import { sampleEvent } from './sample-events.js';

export function writesContract(suite: ContractSuite): void {
  let store: EventStore;
  beforeEach(() => (store = suite.store()));

  describe('optimistic concurrency', () => {
    it.each([
      ['no_stream on an existing stream', 'no_stream' as const, true],
      ['an old exact version', 0, true],
      ['a future exact version', 5, true],
      ['the current exact version', 1, false],
      ['stream_exists', 'stream_exists' as const, false],
      ['any', 'any' as const, false],
    ])('with %s: conflict=%s', async (_label, expectedVersion, conflict) => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [sampleEvent('a'), sampleEvent('b')]);
      const attempt = store.appendToStream(stream, [sampleEvent('c')], { expectedVersion });
      if (conflict) {
        await expect(attempt).rejects.toBeInstanceOf(WrongExpectedVersionError);
        expect(await store.readStream(stream)).toHaveLength(2);
      } else {
        await expect(attempt).resolves.toMatchObject({ nextExpectedVersion: 2, written: 1 });
      }
    });

    it('refuses stream_exists on a missing stream', async () => {
      await expect(
        store.appendToStream(uniqueStream(), [sampleEvent('x')], { expectedVersion: 'stream_exists' }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });

    it('lets exactly one of two writers on different connections win the same version', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [sampleEvent('base')]);
      const other = await suite.another();
      const [first, second] = await Promise.allSettled([
        store.appendToStream(stream, [sampleEvent('writer 1')], { expectedVersion: 0 }),
        other.appendToStream(stream, [sampleEvent('writer 2')], { expectedVersion: 0 }),
      ]);
      const outcomes = [first.status, second.status].sort();
      expect(outcomes).toEqual(['fulfilled', 'rejected']);
      const rejected = [first, second].find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(rejected.reason).toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(stream)).toHaveLength(2);
    });

    it('keeps a stream gap-free when two processes write with retries', async () => {
      const stream = uniqueStream();
      const children = [1, 2].map(() => startChildWriter(['increment', '60', stream], suite.childEnv()));
      await Promise.all(children.map(waitForExit));
      const events = await store.readStream(stream);
      expect(events).toHaveLength(120);
      expect(events.map((e) => e.streamPosition)).toEqual(Array.from({ length: 120 }, (_, i) => i));
    });

    it('one failing append does not undo others issued at the same time', async () => {
      const stream = uniqueStream();
      await store.appendToStream(stream, [sampleEvent('base')]);
      const results = await Promise.allSettled([
        store.appendToStream(uniqueStream(), [sampleEvent('a')]),
        store.appendToStream(stream, [sampleEvent('stale')], { expectedVersion: 'no_stream' }),
        store.appendToStream(uniqueStream(), [sampleEvent('b')]),
      ]);
      expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    });
  });

  describe('idempotency', () => {
    it('does not write an event id twice and reports the stored position', async () => {
      const stream = uniqueStream();
      const event = sampleEvent('único');
      const first = await store.appendToStream(stream, [event]);
      const second = await store.appendToStream(stream, [event]);
      expect(second.written).toBe(0);
      expect(second.globalPositions).toEqual(first.globalPositions);
      expect(await store.readStream(stream)).toHaveLength(1);
    });

    it('treats a retried append as done even with a now-stale expected version', async () => {
      const stream = uniqueStream();
      const event = sampleEvent('retry');
      const first = await store.appendToStream(stream, [event], { expectedVersion: 'no_stream' });
      const retry = await store.appendToStream(stream, [event], { expectedVersion: 'no_stream' });
      expect(retry.globalPositions).toEqual(first.globalPositions);
    });

    it('writes only the new events of a partly repeated batch', async () => {
      const stream = uniqueStream();
      const a = sampleEvent('a');
      const b = sampleEvent('b');
      await store.appendToStream(stream, [a]);
      const result = await store.appendToStream(stream, [a, b, b]);
      expect(result.written).toBe(1);
      expect(result.globalPositions[1]).toBe(result.globalPositions[2]);
      expect((await store.readStream(stream)).map((e) => e.metadata.eventId)).toEqual([
        a.metadata.eventId,
        b.metadata.eventId,
      ]);
    });

    it('dedupes the same event id appended by two connections at once', async () => {
      const stream = uniqueStream();
      const event = sampleEvent('duas vezes');
      const other = await suite.another();
      const results = await Promise.all([
        store.appendToStream(stream, [event]),
        other.appendToStream(stream, [event]),
      ]);
      expect(results[0]!.globalPositions).toEqual(results[1]!.globalPositions);
      expect(await store.readStream(stream)).toHaveLength(1);
    });
  });

  describe('bad input', () => {
    it('refuses an event that fails its schema and writes nothing of the batch', async () => {
      const stream = uniqueStream();
      const bad = { ...sampleEvent('x'), data: { title: '' } };
      await expect(store.appendToStream(stream, [sampleEvent('ok'), bad])).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('refuses an unknown event type and malformed metadata', async () => {
      const stream = uniqueStream();
      const good = sampleEvent('ok');
      await expect(store.appendToStream(stream, [{ ...good, type: 'Nonsense' }])).rejects.toBeInstanceOf(
        InvalidEventError,
      );
      await expect(
        store.appendToStream(stream, [{ ...good, metadata: { ...good.metadata, eventId: 'not-a-uuid' } }]),
      ).rejects.toBeInstanceOf(InvalidEventError);
      expect(await store.readStream(stream)).toEqual([]);
    });

    it('refuses an empty stream id', async () => {
      await expect(store.appendToStream('', [sampleEvent('x')])).rejects.toThrow(/stream id/i);
    });
  });
}
