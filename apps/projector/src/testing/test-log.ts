import type { AtendeEvent, EventContext, StoredEvent } from '@atende/events';
import { atendeRegistry } from '@atende/events';
import { MemoryReadModels } from '@atende/read-models';
import type { Projection } from '../projection.js';
import { applyBatch } from '../runner/apply-batch.js';

type EventInput = AtendeEvent;

/**
 * An in-memory event log for projection tests: events are validated against their schemas and get
 * real envelopes (positions, metadata), as a store would give them.
 */
export class TestLog {
  readonly events: StoredEvent[] = [];
  private readonly streamVersions = new Map<string, number>();
  private clock = Date.parse('2026-11-02T12:00:00.000Z');

  /** Appends one event; `at` (ISO) sets metadata.occurredAt, otherwise a clock ticking 1 s per event. */
  append(
    streamId: string,
    event: EventInput,
    context: Partial<EventContext> & { at?: string } = {},
  ): StoredEvent<AtendeEvent> {
    this.clock = context.at ? Date.parse(context.at) : this.clock + 1000;
    const prepared = atendeRegistry.prepare(event, {
      workspaceId: context.workspaceId ?? 'w1',
      ...(context.actorId ? { actorId: context.actorId } : {}),
      occurredAt: new Date(this.clock).toISOString(),
    });
    const streamPosition = (this.streamVersions.get(streamId) ?? -1) + 1;
    this.streamVersions.set(streamId, streamPosition);
    const stored = {
      ...prepared,
      streamId,
      streamPosition,
      globalPosition: this.events.length + 1,
    } as StoredEvent<AtendeEvent>;
    this.events.push(stored);
    return stored;
  }
}

/** Projects events into fresh (frozen-document) in-process read models and returns them. */
export async function project(
  projection: Projection,
  events: readonly StoredEvent[],
  readModels = new MemoryReadModels({ freezeDocs: true }),
): Promise<MemoryReadModels> {
  await applyBatch(projection, readModels.writer(projection.name), events);
  return readModels;
}

/**
 * Projecting the same events twice changes nothing, and applying them in batches of 1, 2, 3 or 7
 * gives the same read model as one batch (rebuild equals live).
 */
export async function expectReplayStable(
  projection: Projection,
  events: readonly StoredEvent[],
): Promise<void> {
  const readModels = await project(projection, events);
  const expected = await readModels.view(projection.name).dump();
  await project(projection, events, readModels);
  expect(await readModels.view(projection.name).dump()).toEqual(expected);
  for (const size of [1, 2, 3, 7]) {
    const chunked = new MemoryReadModels({ freezeDocs: true });
    const writer = chunked.writer(projection.name);
    for (let i = 0; i < events.length; i += size)
      await applyBatch(projection, writer, events.slice(i, i + size));
    expect(await chunked.view(projection.name).dump()).toEqual(expected);
  }
}
