import type Database from 'better-sqlite3';
import { providerIdWithoutAddress } from '@atende/events';
import { rewriteEventData } from './rewrite-event-data.js';

/**
 * Provider message ids recorded with the customer's address in them (whatsapp-web.js ids before
 * issue 26, `false_5511955554444@c.us_3EB0…`, in any conversation, pseudonymous ones included)
 * rewritten in place to the address-free form drivers report now (`false_3EB0…`). The domain finds
 * a message by either form (messageIdOfProviderId, providerIdSeen), and a media retry finds the whole id in the sealed
 * media placeholder, so nothing is lost; the phone number leaves the log's plain fields. Answers how
 * many events changed. Idempotent.
 */
export async function stripProviderAddresses(db: Database.Database): Promise<number> {
  const where = `instr(data, '"providerMessageId"') > 0 AND instr(data, '@') > 0`;
  const { changed } = await rewriteEventData(db, where, [], (row) => {
    const data = JSON.parse(row.d) as Record<string, unknown>;
    const id = data.providerMessageId;
    if (typeof id !== 'string') return undefined;
    const bare = providerIdWithoutAddress(id);
    return bare === id ? undefined : { ...data, providerMessageId: bare };
  });
  return changed;
}
