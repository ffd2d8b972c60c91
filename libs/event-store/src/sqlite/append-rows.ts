/**
 * One append of the SQLite event store's group commit, inside its transaction: checks the expected
 * version and the event ids already stored, then inserts the new events. Apart from the class
 * (sqlite-event-store.ts), which batches appends into transactions and tells followers.
 */
import type { AppendOptions, AppendResult, NewEvent, RawStoredEvent } from '@atende/events';
import { checkExpectedVersion } from './expected-version.js';
import { eventRowValues, metadataOfValues } from './schema.js';
import type { EventStatements } from './statements.js';

export interface PendingAppend {
  streamId: string;
  events: readonly NewEvent[];
  options: AppendOptions;
  resolve: (result: AppendResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Checks everything before the first insert, so a refusal leaves nothing behind. The events it
 * inserts are pushed onto `writing`, as reading their rows back would give them.
 */
export function applyAppend(
  stmt: EventStatements,
  { streamId, events, options }: PendingAppend,
  writing: RawStoredEvent[],
): AppendResult {
  let current = stmt.streamVersion.get(streamId)?.version ?? -1;
  const existing = events.map((e) => stmt.findEvent.get(e.metadata.eventId)?.global_position);
  const fresh = events.filter((_, i) => existing[i] === undefined);
  if (fresh.length === 0) {
    return { nextExpectedVersion: current, globalPositions: existing as number[], written: 0 };
  }
  checkExpectedVersion(streamId, options.expectedVersion ?? 'any', current);
  const positions: number[] = [];
  const seenInBatch = new Map<string, number>();
  for (let i = 0; i < events.length; i += 1) {
    const event = events[i]!;
    const known = existing[i] ?? seenInBatch.get(event.metadata.eventId);
    if (known !== undefined) {
      positions.push(known);
      continue;
    }
    current += 1;
    const row = eventRowValues(streamId, current, event);
    const info = stmt.insertEvent.run(...row);
    const position = Number(info.lastInsertRowid);
    // As reading the row back gives it: the stored JSON parsed, metadata in column order.
    writing.push({
      type: event.type,
      data: JSON.parse(row[4]) as unknown,
      metadata: metadataOfValues(row),
      streamId,
      streamPosition: current,
      globalPosition: position,
    });
    seenInBatch.set(event.metadata.eventId, position);
    positions.push(position);
  }
  stmt.upsertStream.run(streamId, current);
  return { nextExpectedVersion: current, globalPositions: positions, written: seenInBatch.size };
}
