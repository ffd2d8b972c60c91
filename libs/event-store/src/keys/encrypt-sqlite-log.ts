import Database from 'better-sqlite3';
import { atendeRegistry } from '@atende/events';
import type { FieldCipher } from './field-cipher.js';
import {
  planLegacyConversations,
  renameConversations,
  rewriteReferences,
  type MediaResealer,
} from './legacy-conversations.js';
import { sealPlainMedia } from './plain-media.js';
import { stripProviderAddresses } from './legacy-provider-ids.js';
import { rewriteEventData } from './rewrite-event-data.js';

export interface EncryptLogReport {
  /** Events of types with sealed fields that were looked at. */
  scanned: number;
  /** Events whose personal data or secrets were still in plain text and are now sealed. */
  sealed: number;
  /** Conversations named by their customer's WhatsApp id (made before pseudonyms), now renamed. */
  renamed: number;
  /** Of those, how many were erased already (renamed to an id that links to no one). */
  renamedErased: number;
  /** Conversations named by a WhatsApp id left as they were: their new id names another one. */
  notRenamed: number;
  /** Events of other streams that named a renamed conversation (audit records' URLs). */
  references: number;
  /**
   * Media files sealed with their conversation's key: those of renamed conversations sealed again,
   * and those stored before media sealing (plain) sealed now.
   */
  media: number;
  /** Events whose provider message id held the customer's address (whatsapp-web.js, before issue 26). */
  providerIds: number;
}

export interface EncryptLogOptions {
  /**
   * The deployment's media (a SealedMediaStore): the files of a renamed conversation are sealed
   * again with its new key before the old one is destroyed, and files stored before media sealing
   * are sealed. Default: none (a log without media).
   */
  media?: MediaResealer;
  /** Called after each page of the sealing pass with how many events it looked at. */
  onProgress?: (done: number) => void;
}

/** Whether a run changed the log (then read models made from it before are stale). */
export function logChanged(report: EncryptLogReport): boolean {
  return report.sealed + report.renamed + report.references + report.media + report.providerIds > 0;
}

/**
 * Brings a SQLite event log written before encryption (or by a tool that wrote plain events) to the
 * encrypted form, in place. First, conversations named by their customer's WhatsApp id (before ids
 * were pseudonyms) are renamed, with every plain field naming them (legacy-conversations.ts), and
 * provider message ids lose the address they held (legacy-provider-ids.ts); then each remaining
 * event's sealed fields are replaced by their ciphertext, page by page. Old text is
 * overwritten on disk (secure_delete), the WAL truncated and the file vacuumed, so it is gone from
 * the file, not only from the rows. Stream versions and global positions stay. Idempotent (sealed
 * events and renamed conversations are skipped), and a run stopped halfway is finished by the next.
 */
export async function encryptSqliteLog(
  filename: string,
  cipher: FieldCipher,
  options: EncryptLogOptions = {},
): Promise<EncryptLogReport> {
  const db = new Database(filename, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('secure_delete = ON');
    const plan = await planLegacyConversations(db, cipher);
    const report: EncryptLogReport = {
      scanned: 0,
      sealed: 0,
      renamed: plan.conversations.length,
      renamedErased: plan.conversations.filter((c) => c.erased).length,
      notRenamed: plan.taken,
      // References first: a run stopped halfway still finds the conversations they name.
      references: await rewriteReferences(db, cipher, plan.conversations),
      media: 0,
      providerIds: 0,
    };
    const renamed = await renameConversations(db, cipher, plan.conversations, options.media);
    report.sealed += renamed.sealed;
    report.media += renamed.media;
    report.providerIds = await stripProviderAddresses(db);
    const types = atendeRegistry.types().filter((t) => atendeRegistry.definition(t).sealed);
    const sealing = await rewriteEventData(
      db,
      `type IN (${types.map(() => '?').join(', ')})`,
      types,
      async (row) => await cipher.sealData(row.t, row.s, row.w, JSON.parse(row.d) as Record<string, unknown>),
      options.onProgress,
    );
    report.scanned += sealing.scanned;
    report.sealed += sealing.changed;
    // Last: the log's media references are sealed now, and name the conversations they belong to.
    if (options.media) report.media += await sealPlainMedia(db, cipher, options.media);
    if (logChanged(report)) {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.exec('VACUUM');
    }
    return report;
  } finally {
    db.close();
  }
}
