import type Database from 'better-sqlite3';
import { providerIdWithoutAddress } from '@atende/events';

const PAGE = 1000;

/**
 * Provider message ids recorded with the customer's address in them (whatsapp-web.js ids before
 * issue 26, `false_5511955554444@c.us_3EB0…`, in any conversation, pseudonymous ones included)
 * rewritten in place to the address-free form drivers report now (`false_3EB0…`). The domain finds
 * a message by either form (indexProviderId), and a media retry finds the whole id in the sealed
 * media placeholder, so nothing is lost; the phone number leaves the log's plain fields. Answers how
 * many events changed. Idempotent.
 */
export function stripProviderAddresses(db: Database.Database): number {
  const select = db.prepare<[number], { p: number; d: string }>(
    `SELECT global_position AS p, data AS d FROM events
     WHERE global_position > ? AND instr(data, '"providerMessageId"') > 0 AND instr(data, '@') > 0
     ORDER BY global_position LIMIT ${PAGE}`,
  );
  const update = db.prepare<[string, number]>('UPDATE events SET data = ? WHERE global_position = ?');
  let changed = 0;
  for (let after = 0; ;) {
    const rows = select.all(after);
    if (rows.length === 0) break;
    const changes: [string, number][] = [];
    for (const row of rows) {
      const data = JSON.parse(row.d) as Record<string, unknown>;
      const id = data.providerMessageId;
      if (typeof id !== 'string') continue;
      const bare = providerIdWithoutAddress(id);
      if (bare !== id) changes.push([JSON.stringify({ ...data, providerMessageId: bare }), row.p]);
    }
    db.transaction(() => changes.forEach((change) => update.run(...change)))();
    changed += changes.length;
    after = rows[rows.length - 1]!.p;
  }
  return changed;
}
