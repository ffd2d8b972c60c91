import type { RecordedEvent } from '@eventstore/db-client';
import { atendeRegistry, type NewEvent } from '@atende/events';
import { sampleEvent } from '../contract/sample-events.js';
import { decodeMetadata, decodeRecorded, encodeEvent, encodeMetadata } from './event-codec.js';
import { StreamNames, assertStreamId } from './names.js';

/** What EventStoreDB hands back for an event appended as `encodeEvent` made it. */
function stored(event: NewEvent, streamName: string, revision: number, commit: bigint): RecordedEvent {
  const data = encodeEvent(event);
  return {
    streamId: streamName,
    id: data.id.toLowerCase(),
    revision: BigInt(revision),
    type: data.type,
    data: JSON.parse(JSON.stringify(data.data)) as never,
    metadata: JSON.parse(JSON.stringify(data.metadata)) as never,
    isJson: true,
    created: new Date(),
    position: { commit, prepare: commit },
  } as RecordedEvent;
}

const withEverything = (): NewEvent =>
  atendeRegistry.prepare<NewEvent>({ ...sampleEvent('tudo'), metadata: undefined } as never, {
    workspaceId: 'w-"1"',
    actorId: 'u-1',
    correlationId: 'c-1',
    causationId: 'k-1',
    occurredAt: '2024-05-01T12:00:00.000-03:00',
  });

describe('EventStoreDB event encoding', () => {
  it('uses the event id as the EventStoreDB id, the data as JSON and the envelope as JSON metadata', () => {
    const event = withEverything();
    const data = encodeEvent(event);
    expect(data).toMatchObject({
      id: event.metadata.eventId,
      contentType: 'application/json',
      type: 'NoteCreated',
    });
    expect(data.data).toEqual(event.data);
    expect(data.metadata).toEqual({
      eventId: event.metadata.eventId,
      workspaceId: 'w-"1"',
      actorId: 'u-1',
      correlationId: 'c-1',
      causationId: 'k-1',
      occurredAt: '2024-05-01T12:00:00.000-03:00',
      schemaVersion: 1,
    });
  });

  it('round-trips an event through storage, optional ids included or absent', () => {
    const names = new StreamNames('ns-');
    for (const event of [withEverything(), sampleEvent('mínimo 😀 "aspas"\n')]) {
      const raw = decodeRecorded(stored(event, 'ns-note-1', 4, 1_000n), names)!;
      expect(raw).toMatchObject({
        streamId: 'note-1',
        streamPosition: 4,
        globalPosition: 2_000,
        type: 'NoteCreated',
      });
      const parsed = atendeRegistry.parse(raw);
      expect(parsed.data).toEqual(event.data);
      expect(parsed.metadata).toEqual(event.metadata);
      expect(atendeRegistry.parse(raw, { trusted: true })).toEqual(parsed);
    }
    const minimal = decodeRecorded(stored(sampleEvent('x'), 'ns-note-1', 0, 10n), names)!;
    expect(Object.keys(minimal.metadata as object)).toEqual([
      'eventId',
      'workspaceId',
      'occurredAt',
      'schemaVersion',
    ]);
  });

  it('keeps the case of the event id (EventStoreDB gives ids back lower-cased)', () => {
    const event = sampleEvent('caixa');
    const upper = {
      ...event,
      metadata: { ...event.metadata, eventId: event.metadata.eventId.toUpperCase() },
    };
    const raw = decodeRecorded(stored(upper as NewEvent, 'note-1', 0, 10n), new StreamNames())!;
    expect((raw.metadata as { eventId: string }).eventId).toBe(upper.metadata.eventId);
  });

  it('decodes metadata written by other tools: ESDB id as fallback, unknown keys dropped', () => {
    expect(
      decodeMetadata({ workspaceId: 'w', occurredAt: 't', schemaVersion: 2, $correlationId: 'x' }, 'id-1'),
    ).toEqual({ eventId: 'id-1', workspaceId: 'w', occurredAt: 't', schemaVersion: 2 });
    expect(decodeMetadata(new Uint8Array([1, 2]), 'id-2')).toMatchObject({ eventId: 'id-2' });
    expect(decodeMetadata(undefined, 'id-3')).toMatchObject({ eventId: 'id-3' });
    expect(encodeMetadata(sampleEvent('m').metadata)).not.toHaveProperty('actorId');
  });

  it('accepts JSON written as binary', () => {
    const event = sampleEvent('binário');
    const recorded = {
      ...stored(event, 'note-1', 0, 10n),
      isJson: false,
      data: new Uint8Array(Buffer.from(JSON.stringify(event.data))),
    } as RecordedEvent;
    expect(decodeRecorded(recorded, new StreamNames())!.data).toEqual(event.data);
  });

  it('skips what is not ours: system events, system streams, other namespaces', () => {
    const names = new StreamNames('ns-');
    const event = sampleEvent('x');
    expect(
      decodeRecorded({ ...stored(event, 'ns-note-1', 0, 10n), type: '$metadata' } as RecordedEvent, names),
    ).toBe(undefined);
    expect(decodeRecorded(stored(event, '$atende-eid-ns-abc', 0, 10n), names)).toBeUndefined();
    expect(decodeRecorded(stored(event, 'other-note-1', 0, 10n), names)).toBeUndefined();
    expect(decodeRecorded(stored(event, 'ns-', 0, 10n), names)).toBeUndefined();
  });
});

describe('EventStoreDB stream names', () => {
  it('prefix the namespace and strip it back', () => {
    const names = new StreamNames('run-1-');
    expect(names.toEsdb('note-1')).toBe('run-1-note-1');
    expect(names.fromEsdb('run-1-note-1')).toBe('note-1');
    expect(names.fromEsdb('run-2-note-1')).toBeUndefined();
    expect(names.claim('ABC-def')).toBe('$atende-eid-run-1-abc-def');
    expect(new StreamNames().fromEsdb('note-1')).toBe('note-1');
    expect(() => new StreamNames('$x')).toThrow(TypeError);
  });

  it('refuse empty, too long and system stream ids', () => {
    expect(() => assertStreamId('note-1')).not.toThrow();
    for (const bad of ['', 'x'.repeat(301), '$all', '$$note-1', 42]) {
      expect(() => assertStreamId(bad)).toThrow(/stream id/i);
    }
  });
});
