/**
 * The SQLite event store's prepared statements: its appends, reads and version checks. Apart from
 * the class (sqlite-event-store.ts) so that the SQL is in one place, next to schema.ts.
 */
import type Database from 'better-sqlite3';
import { INSERT_EVENT_SQL, SELECT_EVENT_COLUMNS, type EventRowArray, type eventRowValues } from './schema.js';

export interface EventStatements {
  findEvent: Database.Statement<[string], { global_position: number }>;
  streamVersion: Database.Statement<[string], { version: number }>;
  insertEvent: Database.Statement<ReturnType<typeof eventRowValues>>;
  upsertStream: Database.Statement<[string, number]>;
  readStream: Database.Statement<[string, number], EventRowArray>;
  readAll: Database.Statement<[number, number], EventRowArray>;
  lastPosition: Database.Statement<[], { p: number | null }>;
}

export function prepareStatements(db: Database.Database): EventStatements {
  return {
    findEvent: db.prepare('SELECT global_position FROM events WHERE event_id = ?'),
    streamVersion: db.prepare('SELECT version FROM streams WHERE stream_id = ?'),
    insertEvent: db.prepare(INSERT_EVENT_SQL),
    upsertStream: db.prepare(
      'INSERT INTO streams (stream_id, version) VALUES (?, ?) ON CONFLICT(stream_id) DO UPDATE SET version = excluded.version',
    ),
    readStream: db
      .prepare<[string, number], EventRowArray>(
        `SELECT ${SELECT_EVENT_COLUMNS} FROM events WHERE stream_id = ? AND stream_position >= ?
         ORDER BY stream_position`,
      )
      .raw(true),
    readAll: db
      .prepare<[number, number], EventRowArray>(
        `SELECT ${SELECT_EVENT_COLUMNS} FROM events WHERE global_position >= ? ORDER BY global_position LIMIT ?`,
      )
      .raw(true),
    lastPosition: db.prepare('SELECT MAX(global_position) AS p FROM events'),
  };
}
