import type Database from 'better-sqlite3';
import { forgetSnapshots } from '../sqlite/schema.js';

const PAGE = 1000;

/** An event row as a log rewrite sees it: its position, workspace, stream, type and stored data. */
export interface EventRow {
  p: number;
  w: string;
  s: string;
  t: string;
  d: string;
}

/**
 * Rewrites, in place and page by page in log order (one transaction a page), the data of the events
 * of a SQLite log that `where` selects (an SQL condition on `events`, with `params`); `rewrite`
 * answers the new data, or undefined to leave a row as it is. For the one-off migrations of
 * `npm run events -- encrypt`. Answers how many rows were looked at and how many changed.
 */
export async function rewriteEventData(
  db: Database.Database,
  where: string,
  params: readonly unknown[],
  rewrite: (
    row: EventRow,
  ) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>,
  onPage?: (scanned: number) => void,
): Promise<{ scanned: number; changed: number }> {
  const select = db.prepare<unknown[], EventRow>(
    `SELECT global_position AS p, workspace_id AS w, stream_id AS s, type AS t, data AS d FROM events
     WHERE global_position > ? AND (${where}) ORDER BY global_position LIMIT ${PAGE}`,
  );
  const update = db.prepare<[string, number]>('UPDATE events SET data = ? WHERE global_position = ?');
  const total = { scanned: 0, changed: 0 };
  for (let after = 0; ;) {
    const rows = select.all(after, ...params);
    if (rows.length === 0) break;
    const changes: [string, number][] = [];
    for (const row of rows) {
      const next = await rewrite(row);
      if (next) changes.push([JSON.stringify(next), row.p]);
    }
    db.transaction(() => changes.forEach((change) => update.run(...change)))();
    total.scanned += rows.length;
    total.changed += changes.length;
    after = rows[rows.length - 1]!.p;
    onPage?.(total.scanned);
  }
  if (total.changed > 0) forgetSnapshots(db);
  return total;
}
