import Database from 'better-sqlite3';
import { atendeRegistry } from '@atende/events';
import type { FieldCipher } from './field-cipher.js';

const PAGE = 1000;

export interface EncryptLogReport {
  /** Events of types with sealed fields that were looked at. */
  scanned: number;
  /** Of those, how many were still in plain text and are now sealed. */
  sealed: number;
}

/**
 * Brings a SQLite event log written before encryption (or by a tool that wrote plain events) to the
 * encrypted form, in place: each event's sealed fields replaced by their ciphertext, page by page.
 * Old text is overwritten on disk (secure_delete), the WAL truncated and the file vacuumed, so the
 * plain text is gone from the file, not only from the rows. Idempotent (sealed events are skipped).
 */
export async function encryptSqliteLog(
  filename: string,
  cipher: FieldCipher,
  onProgress?: (done: number) => void,
): Promise<EncryptLogReport> {
  const db = new Database(filename, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('secure_delete = ON');
    const types = atendeRegistry.types().filter((t) => atendeRegistry.definition(t).sealed);
    const select = db.prepare<unknown[], { p: number; s: string; t: string; d: string; w: string }>(
      `SELECT global_position AS p, stream_id AS s, type AS t, data AS d, workspace_id AS w FROM events
       WHERE global_position > ? AND type IN (${types.map(() => '?').join(', ')})
       ORDER BY global_position LIMIT ${PAGE}`,
    );
    const update = db.prepare<[string, number]>('UPDATE events SET data = ? WHERE global_position = ?');
    const report: EncryptLogReport = { scanned: 0, sealed: 0 };
    let after = 0;
    for (;;) {
      const rows = select.all(after, ...types);
      if (rows.length === 0) break;
      const changes: [string, number][] = [];
      for (const row of rows) {
        const sealed = await cipher.sealData(
          row.t,
          row.s,
          row.w,
          JSON.parse(row.d) as Record<string, unknown>,
        );
        if (sealed) changes.push([JSON.stringify(sealed), row.p]);
      }
      db.transaction(() => changes.forEach((change) => update.run(...change)))();
      report.scanned += rows.length;
      report.sealed += changes.length;
      after = rows[rows.length - 1]!.p;
      onProgress?.(report.scanned);
    }
    if (report.sealed > 0) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.exec('VACUUM');
    }
    return report;
  } finally {
    db.close();
  }
}
