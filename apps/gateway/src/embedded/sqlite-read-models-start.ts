import path from 'node:path';
import type { Logger } from 'pino';
import type { EventStore } from '@atende/events';
import { SQLITE_READ_MODELS_FILE, SqliteReadModels, sealedDocCodec } from '@atende/read-models';

/** Which code made the stored read models. */
const FINGERPRINT_KEY = 'code-fingerprint';
/** The id of the log's first event: read models follow this log, not another one. */
const LOG_KEY = 'log-first-event-id';

export interface SqliteReadModelsStart {
  readModels: SqliteReadModels;
  /** True when they must be rebuilt from the log (none yet, other code, another log). */
  rebuild: boolean;
}

async function firstEventId(store: EventStore): Promise<string | undefined> {
  const [first] = await store.readBatch(1, 1, { trusted: true });
  return first?.metadata.eventId;
}

/**
 * Opens the read models kept in DATA_DIR/read-models.db (documents sealed with the read models' key)
 * and says whether they can be served as they are: the projectors then resume from their
 * checkpoints, committed with the rows, so a restart after a crash replays only what came after
 * the last batch. Read models made by other code, or for another log, are emptied for a rebuild.
 */
export async function openSqliteReadModels(options: {
  dataDir: string;
  key: Buffer;
  store: EventStore;
  /** Which code makes the read models (readModelCodeFingerprint); undefined: always rebuilt. */
  fingerprint: string | undefined;
  logger: Logger;
}): Promise<SqliteReadModelsStart> {
  const { store, fingerprint, logger } = options;
  const readModels = new SqliteReadModels({
    filename: path.join(options.dataDir, SQLITE_READ_MODELS_FILE),
    codec: sealedDocCodec(options.key),
    // Not SQLITE_SYNCHRONOUS: a power cut may lose their last commits, never their consistency, and
    // the log (synced as configured) replays what those commits held.
    synchronous: 'normal',
  });
  const logId = (await firstEventId(store)) ?? '';
  const madeBy = readModels.meta(FINGERPRINT_KEY);
  const follows = readModels.meta(LOG_KEY);
  let rebuild = false;
  if (madeBy === undefined) rebuild = true;
  else if (fingerprint === undefined || madeBy !== fingerprint) {
    logger.info('read models made by other code: rebuilding them from the event log');
    rebuild = true;
  } else if (follows !== logId) {
    logger.warn('read models made from another event log: rebuilding them from this one');
    rebuild = true;
  }
  if (rebuild) {
    readModels.clear();
    // Noted before the rebuild: a crash during it leaves checkpoints the next start resumes from.
    readModels.setMeta(FINGERPRINT_KEY, fingerprint ?? '');
    readModels.setMeta(LOG_KEY, logId);
  }
  return { readModels, rebuild };
}
