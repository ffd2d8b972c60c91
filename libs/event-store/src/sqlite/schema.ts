/** Tables of the SQLite event store. `streams` caches each stream's last position for the version check. */
export const SCHEMA_SQL = `
CREATE TABLE IF NOT EXISTS events (
  global_position INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id        TEXT    NOT NULL UNIQUE,
  stream_id       TEXT    NOT NULL,
  stream_position INTEGER NOT NULL,
  type            TEXT    NOT NULL,
  data            TEXT    NOT NULL,
  metadata        TEXT    NOT NULL,
  UNIQUE (stream_id, stream_position)
);
CREATE TABLE IF NOT EXISTS streams (
  stream_id TEXT    PRIMARY KEY,
  version   INTEGER NOT NULL
) WITHOUT ROWID;
`;
