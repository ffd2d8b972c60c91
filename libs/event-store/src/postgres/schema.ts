import type { RawStoredEvent } from '@atende/events';
import { metadataOfRow, type EventRow } from '../sqlite/schema.js';
import { advisoryLockKey } from './names.js';

/**
 * Tables of the PostgreSQL event store, as the SQLite one: metadata in columns, `streams` keeping
 * each stream's last position for the version check. `data` is `json` (kept as written, key order
 * included; `jsonb` would reorder it). `log_head` holds the last global position handed out, so
 * positions are never reused, even after the newest events were erased.
 */
function tablesSql(s: string): string {
  return `
CREATE SCHEMA IF NOT EXISTS "${s}";
CREATE TABLE IF NOT EXISTS "${s}".events (
  global_position BIGINT  PRIMARY KEY,
  event_id        TEXT    NOT NULL UNIQUE,
  stream_id       TEXT    NOT NULL,
  stream_position INTEGER NOT NULL,
  type            TEXT    NOT NULL,
  data            JSON    NOT NULL,
  workspace_id    TEXT    NOT NULL,
  actor_id        TEXT,
  correlation_id  TEXT,
  causation_id    TEXT,
  occurred_at     TEXT    NOT NULL,
  schema_version  INTEGER NOT NULL,
  UNIQUE (stream_id, stream_position)
);
CREATE INDEX IF NOT EXISTS events_workspace_id ON "${s}".events (workspace_id);
CREATE TABLE IF NOT EXISTS "${s}".streams (
  stream_id TEXT    PRIMARY KEY,
  version   INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS "${s}".log_head (
  singleton     BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (singleton),
  last_position BIGINT  NOT NULL
);
INSERT INTO "${s}".log_head (last_position) VALUES (0) ON CONFLICT DO NOTHING`;
}

/** Columns read back, in the order of the SQLite store's rows (so its row helpers apply). */
const COLUMNS = `global_position, stream_id, stream_position, type, data, event_id, workspace_id,
  actor_id, correlation_id, causation_id, occurred_at, schema_version`;

/** Every statement of the event store, for one schema. */
export interface EventStoreSql {
  /** DDL run once by ensureSchema; `log_head` is the table it probes. */
  tables: string;
  probeTable: string;
  /** NOTIFY channel of the schema's appends (payload: the last global position committed). */
  channel: string;
  /** Opens a writing transaction holding the schema's append lock (one simple query, one round trip). */
  beginWrite: string;
  /** For a group of appends: the streams' versions (kind `s`) and the event ids stored (kind `e`). */
  batchState: string;
  /** Every new event of a group of appends, and the streams' new versions, in one statement. */
  insertBatch: string;
  readStream: string;
  readFrom: string;
  lastPosition: string;
  eraseEvents: string;
  dropEmptiedStreams: string;
}

export function eventStoreSql(s: string): EventStoreSql {
  const channel = `${s}_appended`;
  return {
    tables: tablesSql(s),
    probeTable: 'log_head',
    channel,
    beginWrite: `BEGIN; SELECT pg_advisory_xact_lock(${advisoryLockKey('append', s)})`,
    batchState: `SELECT 's' AS kind, stream_id AS key, version::bigint AS value FROM "${s}".streams
      WHERE stream_id = ANY($1::text[])
      UNION ALL
      SELECT 'e', event_id, global_position FROM "${s}".events WHERE event_id = ANY($2::text[])`,
    // $1 new events; $2.. their columns; $13/$14 the streams touched and their new versions.
    insertBatch: `
WITH head AS (
  UPDATE "${s}".log_head SET last_position = last_position + $1::int RETURNING last_position
), inserted AS (
  INSERT INTO "${s}".events (${COLUMNS})
  SELECT head.last_position - $1::int + e.n, e.stream_id, e.stream_position, e.type, e.data, e.event_id,
    e.workspace_id, e.actor_id, e.correlation_id, e.causation_id, e.occurred_at, e.schema_version
  FROM head, unnest($2::text[], $3::int[], $4::text[], $5::text[], $6::json[], $7::text[], $8::text[],
    $9::text[], $10::text[], $11::text[], $12::int[]) WITH ORDINALITY AS e(stream_id, stream_position,
    event_id, type, data, workspace_id, actor_id, correlation_id, causation_id, occurred_at, schema_version, n)
), stream AS (
  INSERT INTO "${s}".streams (stream_id, version) SELECT * FROM unnest($13::text[], $14::int[])
  ON CONFLICT (stream_id) DO UPDATE SET version = excluded.version
)
SELECT last_position, pg_notify('${channel}', last_position::text) FROM head`,
    readStream: `SELECT ${COLUMNS} FROM "${s}".events WHERE stream_id = $1 AND stream_position >= $2
      ORDER BY stream_position`,
    readFrom: `SELECT ${COLUMNS} FROM "${s}".events WHERE global_position >= $1 ORDER BY global_position LIMIT $2`,
    lastPosition: `SELECT COALESCE(MAX(global_position), 0) AS last FROM "${s}".events`,
    eraseEvents: `DELETE FROM "${s}".events WHERE workspace_id = $1 AND NOT (type = ANY($2::text[]))
      AND NOT (stream_id = ANY($3::text[])) RETURNING stream_id`,
    dropEmptiedStreams: `DELETE FROM "${s}".streams AS s WHERE s.stream_id = ANY($1::text[])
      AND NOT EXISTS (SELECT 1 FROM "${s}".events AS e WHERE e.stream_id = s.stream_id)`,
  };
}

/** A row as `pg` gives it in array mode: BIGINT as text, `data` already parsed from JSON. */
export type PgEventRow = [string, ...Tail<EventRow<unknown>>];
type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never;

/** The stored event of a row, not yet parsed by the registry. */
export function rawEventOfRow(pgRow: PgEventRow): RawStoredEvent {
  const row: EventRow<unknown> = [Number(pgRow[0]), ...pgRow.slice(1)] as EventRow<unknown>;
  const [globalPosition, streamId, streamPosition, type, data] = row;
  return { type, data, metadata: metadataOfRow(row), streamId, streamPosition, globalPosition };
}
