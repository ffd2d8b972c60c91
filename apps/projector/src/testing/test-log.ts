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
 * Projecting the same events twice (and a prefix once more) changes nothing, and applying them in
 * batches of each of `sizes` — overlapping by `overlap` already applied events, as after a
 * reconnect — gives the same read model as one batch (rebuild equals live).
 */
export async function expectReplayStable(
  projection: Projection,
  events: readonly StoredEvent[],
  options: { sizes?: readonly number[]; overlap?: number; prefix?: number } = {},
): Promise<void> {
  const { sizes = [1, 2, 3, 7], overlap = 0, prefix = 0 } = options;
  const readModels = await project(projection, events);
  const expected = await readModels.view(projection.name).dump();
  await project(projection, events, readModels);
  if (prefix > 0) await project(projection, events.slice(0, prefix), readModels);
  expect(await readModels.view(projection.name).dump()).toEqual(expected);
  for (const size of sizes) {
    const chunked = new MemoryReadModels({ freezeDocs: true });
    const writer = chunked.writer(projection.name);
    for (let i = 0; i < events.length; i += size) {
      await applyBatch(projection, writer, events.slice(Math.max(0, i - overlap), i + size));
    }
    expect(await chunked.view(projection.name).dump()).toEqual(expected);
  }
  if (events.length > 0) expect(expected.checkpoint).toBe(events[events.length - 1]!.globalPosition);
}
