import Database from 'better-sqlite3';
import type { NewEvent } from '@atende/events';
import { INSERT_EVENT_SQL, SCHEMA_SQL, eventRowValues } from './schema.js';

/**
 * Writes prepared events straight into a new SQLite event-store file, in one transaction (benchmarks
 * and tests that need a long log quickly); stream versions follow the order given. Returns how many
 * events the file holds.
 */
export function writeEventLogFile(
  filename: string,
  events: Iterable<{ streamId: string; event: NewEvent }>,
): number {
  const db = new Database(filename);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = NORMAL');
    db.exec(SCHEMA_SQL);
    const insert = db.prepare(INSERT_EVENT_SQL);
    const versions = new Map<string, number>();
    db.transaction(() => {
      for (const { streamId, event } of events) {
        const version = (versions.get(streamId) ?? -1) + 1;
        versions.set(streamId, version);
        insert.run(...eventRowValues(streamId, version, event));
      }
      const stream = db.prepare('INSERT INTO streams (stream_id, version) VALUES (?, ?)');
      for (const [id, version] of versions) stream.run(id, version);
    })();
    return (db.prepare('SELECT COUNT(*) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}
