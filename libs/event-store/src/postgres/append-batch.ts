import type { PoolClient } from 'pg';
import type { AppendResult, ExpectedVersion, NewEvent } from '@atende/events';
import { checkExpectedVersion } from '../sqlite/expected-version.js';
import { eventRowValues } from '../sqlite/schema.js';
import type { EventStoreSql } from './schema.js';

/** What an append committed: its result, and the log's last position when it wrote anything. */
export interface AppendOutcome {
  result: AppendResult;
  lastPosition?: number;
}

export interface BatchAppend {
  streamId: string;
  events: readonly NewEvent[];
  expectedVersion: ExpectedVersion;
}

export type BatchOutcome = { outcome: AppendOutcome } | { refused: unknown };

/** Where an event id is: stored already (its position), or a row of this batch (its index). */
type Place = { stored: number } | { row: number };

/**
 * Several appends inside the caller's transaction (which holds the append lock), in two round trips
 * whatever their number: one reads the streams' versions and the event ids already stored, one
 * writes every new event and the streams' new versions. Each append is checked as if alone, in
 * order (a later append to the same stream sees the earlier one's events): a wrong expected version
 * refuses that append only, and writes nothing of it. Event ids already stored, or written by an
 * earlier append of the batch, are not written again (idempotent append).
 */
export async function appendBatchInTransaction(
  client: PoolClient,
  sql: EventStoreSql,
  appends: readonly BatchAppend[],
): Promise<BatchOutcome[]> {
  const streamIds = [...new Set(appends.map((a) => a.streamId))];
  const eventIds = appends.flatMap((a) => a.events.map((e) => e.metadata.eventId));
  const state = await client.query<{ kind: 's' | 'e'; key: string; value: string }>(sql.batchState, [
    streamIds,
    eventIds,
  ]);
  const versions = new Map<string, number>();
  const places = new Map<string, Place>();
  for (const row of state.rows) {
    if (row.kind === 's') versions.set(row.key, Number(row.value));
    else places.set(row.key, { stored: Number(row.value) });
  }

  const rows: ReturnType<typeof eventRowValues>[] = [];
  type Plan = { refused: unknown } | { append: BatchAppend; written: number; nextVersion: number };
  const planned = appends.map((append): Plan => {
    const current = versions.get(append.streamId) ?? -1;
    const fresh = new Map<string, NewEvent>();
    for (const event of append.events) {
      const id = event.metadata.eventId;
      if (!places.has(id) && !fresh.has(id)) fresh.set(id, event);
    }
    if (fresh.size > 0) {
      try {
        checkExpectedVersion(append.streamId, append.expectedVersion, current);
      } catch (error) {
        return { refused: error };
      }
      let position = current;
      for (const [id, event] of fresh) {
        position += 1;
        places.set(id, { row: rows.length });
        rows.push(eventRowValues(append.streamId, position, event));
      }
      versions.set(append.streamId, position);
    }
    // A batch made only of stored ids is a retry of an append that was done: no version check.
    return { append, written: fresh.size, nextVersion: versions.get(append.streamId) ?? current };
  });

  let firstPosition = 0;
  let lastPosition: number | undefined;
  if (rows.length > 0) {
    const column = (index: number) => rows.map((row) => row[index]);
    const touched = [...new Set(rows.map((row) => row[1]))];
    const inserted = await client.query<{ last_position: string }>(sql.insertBatch, [
      rows.length,
      column(1), // stream_id
      column(2), // stream_position
      column(0), // event_id
      column(3), // type
      column(4), // data (JSON text)
      column(5), // workspace_id
      column(6), // actor_id
      column(7), // correlation_id
      column(8), // causation_id
      column(9), // occurred_at
      column(10), // schema_version
      touched,
      touched.map((streamId) => versions.get(streamId)!),
    ]);
    lastPosition = Number(inserted.rows[0]!.last_position);
    firstPosition = lastPosition - rows.length + 1;
  }
  const positionOf = (id: string) => {
    const place = places.get(id)!;
    return 'stored' in place ? place.stored : firstPosition + place.row;
  };
  return planned.map((plan): BatchOutcome => {
    if ('refused' in plan) return plan;
    const { append, written, nextVersion } = plan;
    const globalPositions = append.events.map((e) => positionOf(e.metadata.eventId));
    return {
      outcome: {
        result: { nextExpectedVersion: nextVersion, globalPositions, written },
        ...(written > 0 && lastPosition !== undefined ? { lastPosition } : {}),
      },
    };
  });
}
