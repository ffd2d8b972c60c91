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

/**
 * Appends inside the caller's transaction, which holds the schema's append lock (`beginWrite`), so
 * what it reads (the stream's version, the event ids stored) cannot change before it commits. Checks
 * everything before writing: a refusal leaves nothing behind. As the SQLite store, an event id
 * already stored is not written again and answers its stored position (a batch made only of those
 * succeeds whatever the expected version: it is a retry of an append that was done); repeats of an
 * id within the batch are written once.
 */
export async function appendInTransaction(
  client: PoolClient,
  sql: EventStoreSql,
  streamId: string,
  events: readonly NewEvent[],
  expectedVersion: ExpectedVersion,
): Promise<AppendOutcome> {
  const versionRows = await client.query<{ version: number }>(sql.streamVersion, [streamId]);
  const current = versionRows.rows[0]?.version ?? -1;
  const ids = events.map((e) => e.metadata.eventId);
  const storedRows = await client.query<{ event_id: string; global_position: string }>(sql.storedEventIds, [
    ids,
  ]);
  const stored = new Map(storedRows.rows.map((row) => [row.event_id, Number(row.global_position)]));
  const fresh: NewEvent[] = [];
  const freshIndex = new Map<string, number>();
  for (const event of events) {
    const id = event.metadata.eventId;
    if (stored.has(id) || freshIndex.has(id)) continue;
    freshIndex.set(id, fresh.length);
    fresh.push(event);
  }
  if (fresh.length === 0) {
    return {
      result: { nextExpectedVersion: current, globalPositions: ids.map((id) => stored.get(id)!), written: 0 },
    };
  }
  checkExpectedVersion(streamId, expectedVersion, current);

  const rows = fresh.map((event, i) => eventRowValues(streamId, current + 1 + i, event));
  const column = (index: number) => rows.map((row) => row[index]);
  const inserted = await client.query<{ last_position: string }>(sql.insertEvents, [
    fresh.length,
    streamId,
    current,
    column(0), // event_id
    column(3), // type
    column(4), // data (JSON text)
    column(5), // workspace_id
    column(6), // actor_id
    column(7), // correlation_id
    column(8), // causation_id
    column(9), // occurred_at
    column(10), // schema_version
  ]);
  const lastPosition = Number(inserted.rows[0]!.last_position);
  const firstPosition = lastPosition - fresh.length + 1;
  const globalPositions = ids.map((id) => stored.get(id) ?? firstPosition + freshIndex.get(id)!);
  return {
    result: { nextExpectedVersion: current + fresh.length, globalPositions, written: fresh.length },
    lastPosition,
  };
}
