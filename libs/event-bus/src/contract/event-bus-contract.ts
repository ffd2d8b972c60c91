import type { EventBus, StoredEvent } from '@atende/events';

/** A stored event as the relay would publish it (any registered type will do). */
export function storedNote(streamId: string, streamPosition: number, globalPosition: number): StoredEvent {
  return {
    type: 'NoteCreated',
    data: {
      noteId: `${streamId}-${streamPosition}`,
      authorId: 'u1',
      title: `nota ${globalPosition}`,
      content: 'conteúdo',
      reminder: null,
      tags: [],
      isPinned: false,
    },
    metadata: {
      eventId: `00000000-0000-4000-8000-${String(globalPosition).padStart(12, '0')}`,
      workspaceId: 'w1',
      occurredAt: '2026-11-21T10:00:00.000Z',
      schemaVersion: 1,
    },
    streamId,
    streamPosition,
    globalPosition,
  } as StoredEvent;
}

async function waitFor(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * What every EventBus adapter does. `make` gives a fresh bus on its own topic; `reopen` a second
 * client of the same topic (another process, in effect). Delays are generous: real brokers rebalance.
 */
export function eventBusContract(
  adapterName: string,
  make: () => Promise<{ bus: EventBus; reopen(): Promise<EventBus>; cleanup(): Promise<void> }>,
  timeoutMs = 20_000,
): void {
  describe(`EventBus contract: ${adapterName}`, () => {
    let made: Awaited<ReturnType<typeof make>>;
    const others: EventBus[] = [];
    beforeEach(async () => {
      made = await make();
    });
    afterEach(async () => {
      for (const bus of others.splice(0)) await bus.close();
      await made.bus.close();
      await made.cleanup();
    });

    it(
      'delivers every event to each group, each stream in order',
      async () => {
        const events = [
          storedNote('note-a', 0, 1),
          storedNote('note-b', 0, 2),
          storedNote('note-a', 1, 3),
          storedNote('note-b', 1, 4),
          storedNote('note-a', 2, 5),
        ];
        await made.bus.publish(events);
        const seen: Record<string, StoredEvent[]> = { g1: [], g2: [] };
        const subs = await Promise.all(
          ['g1', 'g2'].map((g) => made.bus.subscribe(g, async (batch) => void seen[g]!.push(...batch))),
        );
        await waitFor(() => seen.g1!.length >= 5 && seen.g2!.length >= 5, timeoutMs);
        for (const sub of subs) await sub.stop();
        for (const group of ['g1', 'g2']) {
          const got = seen[group]!;
          expect(new Set(got.map((e) => e.globalPosition))).toEqual(new Set([1, 2, 3, 4, 5]));
          for (const stream of ['note-a', 'note-b']) {
            const positions = got.filter((e) => e.streamId === stream).map((e) => e.streamPosition);
            expect(positions).toEqual([...positions].sort((x, y) => x - y));
          }
          expect(got.find((e) => e.globalPosition === 3)).toEqual(events[2]);
        }
      },
      timeoutMs * 2,
    );

    it(
      'resumes a group after its committed position (another client of the bus)',
      async () => {
        await made.bus.publish([storedNote('note-r', 0, 1), storedNote('note-r', 1, 2)]);
        const first: number[] = [];
        const sub = await made.bus.subscribe('resume', async (batch) => {
          first.push(...batch.map((e) => e.globalPosition));
        });
        await waitFor(() => first.length >= 2, timeoutMs);
        await sub.stop();

        await made.bus.publish([storedNote('note-r', 2, 3)]);
        const other = await made.reopen();
        others.push(other);
        const second: number[] = [];
        const again = await other.subscribe('resume', async (batch) => {
          second.push(...batch.map((e) => e.globalPosition));
        });
        await waitFor(() => second.includes(3), timeoutMs);
        await again.stop();
        expect(first).toEqual([1, 2]);
        expect(second).toEqual([3]); // what the group committed is not delivered again
      },
      timeoutMs * 2,
    );

    it(
      'redelivers a batch whose handler failed, so a consumer applying by position loses nothing',
      async () => {
        await made.bus.publish([storedNote('note-f', 0, 1), storedNote('note-f', 1, 2)]);
        let failures = 0;
        let applied = 0;
        const deliveries: number[] = [];
        const sub = await made.bus.subscribe('flaky', async (batch) => {
          deliveries.push(...batch.map((e) => e.globalPosition));
          if (failures === 0) {
            failures += 1;
            throw new Error('read model unavailable');
          }
          for (const event of batch) if (event.globalPosition > applied) applied = event.globalPosition;
        });
        await waitFor(() => applied === 2, timeoutMs);
        await sub.stop();
        expect(deliveries.filter((p) => p === 1).length).toBeGreaterThanOrEqual(2);
        expect(applied).toBe(2);
      },
      timeoutMs * 2,
    );
  });
}
