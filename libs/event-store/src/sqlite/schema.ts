import type Database from 'better-sqlite3';
import type { NewEvent } from '@atende/events';

/**
 * Tables of the SQLite event store. Metadata lives in columns (queryable, and no second JSON parse
 * per event on replays); `streams` caches each stream's last position for the version check.
 */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  global_position INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id        TEXT    NOT NULL UNIQUE,
  stream_id       TEXT    NOT NULL,
  stream_position INTEGER NOT NULL,
  type            TEXT    NOT NULL,
  data            TEXT    NOT NULL,
  workspace_id    TEXT    NOT NULL,
  actor_id        TEXT,
  correlation_id  TEXT,
  causation_id    TEXT,
  occurred_at     TEXT    NOT NULL,
  schema_version  INTEGER NOT NULL,
  UNIQUE (stream_id, stream_position)
);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT    PRIMARY KEY,
  version   INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS snapshots (
  stream_id    TEXT    PRIMARY KEY,
  workspace_id TEXT    NOT NULL,
  version      INTEGER NOT NULL,
  schema       INTEGER NOT NULL,
  state        TEXT    NOT NULL
);
CREATE INDEX IF NOT EXISTS snapshots_by_workspace ON snapshots (workspace_id);
`;

/**
 * Snapshots are folded from the events: a migration that rewrites the log drops them all (loads
 * then read whole streams and keep new ones).
 */
export function forgetSnapshots(db: Database.Database): void {
  const exists = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshots'").get();
  if (exists) db.exec('DELETE FROM snapshots');
}

export const INSERT_EVENT_SQL = `INSERT INTO events (event_id, stream_id, stream_position, type, data, workspace_id,
  actor_id, correlation_id, causation_id, occurred_at, schema_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

/** Columns read back, in this order (rows are read as arrays). */
export const SELECT_EVENT_COLUMNS = `global_position, stream_id, stream_position, type, data, event_id, workspace_id,
  actor_id, correlation_id, causation_id, occurred_at, schema_version`;

/**
 * One stored event as a JSON array in the order of SELECT_EVENT_COLUMNS (a ParsedEventRow once
 * parsed), built by SQLite for bulk replays: no per-event work in JavaScript before the one
 * JSON.parse of a page. One format() call per row (a chain of `||` copied the growing text at every
 * step: 1.6x the SQLite time) and no keys to parse. `data` is stored as JSON and spliced in as is;
 * json_quote(NULL) is `null`.
 */
export const EVENT_JSON_ROW_SQL = `format('[%d,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%d]', global_position,
  json_quote(stream_id), stream_position, json_quote(type), data, json_quote(event_id),
  json_quote(workspace_id), json_quote(actor_id), json_quote(correlation_id), json_quote(causation_id),
  json_quote(occurred_at), schema_version)`;

/** The values of INSERT_EVENT_SQL for one event. */
export function eventRowValues(
  streamId: string,
  streamPosition: number,
  event: NewEvent,
): [
  string,
  string,
  number,
  string,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  number,
] {
  const m = event.metadata;
  return [
    m.eventId,
    streamId,
    streamPosition,
    event.type,
    JSON.stringify(event.data),
    m.workspaceId,
    m.actorId ?? null,
    m.correlationId ?? null,
    m.causationId ?? null,
    m.occurredAt,
    m.schemaVersion,
  ];
}

/** A stored row in the order of SELECT_EVENT_COLUMNS, `data` as its JSON text or already parsed. */
export type EventRow<Data> = [
  number,
  string,
  number,
  string,
  Data,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  number,
];
/** A row as SQLite returns it. */
export type EventRowArray = EventRow<string>;
/** A row of EVENT_JSON_ROW_SQL once parsed: `data` is the event's data, not its JSON text. */
export type ParsedEventRow = EventRow<unknown>;

/** Envelope metadata (optional ids only when set), in the order events carry it. */
function envelopeMetadata(
  eventId: string,
  workspaceId: string,
  actorId: string | null,
  correlationId: string | null,
  causationId: string | null,
  occurredAt: string,
  schemaVersion: number,
): Record<string, unknown> {
  const metadata: Record<string, unknown> = { eventId, workspaceId };
  if (actorId !== null) metadata.actorId = actorId;
  if (correlationId !== null) metadata.correlationId = correlationId;
  if (causationId !== null) metadata.causationId = causationId;
  metadata.occurredAt = occurredAt;
  metadata.schemaVersion = schemaVersion;
  return metadata;
}

/** The metadata of the values of INSERT_EVENT_SQL, as metadataOfRow gives it back once stored. */
export function metadataOfValues(values: ReturnType<typeof eventRowValues>): Record<string, unknown> {
  const [eventId, , , , , workspaceId, actorId, correlationId, causationId, occurredAt, schemaVersion] =
    values;
  return envelopeMetadata(
    eventId,
    workspaceId,
    actorId,
    correlationId,
    causationId,
    occurredAt,
    schemaVersion,
  );
}

/** The envelope metadata of a stored row. */
export function metadataOfRow(row: EventRow<unknown>): Record<string, unknown> {
  const [, , , , , eventId, workspaceId, actorId, correlationId, causationId, occurredAt, schemaVersion] =
    row;
  return envelopeMetadata(
    eventId,
    workspaceId,
    actorId,
    correlationId,
    causationId,
    occurredAt,
    schemaVersion,
  );
}
