import path from 'node:path';
import type { Logger } from 'pino';
import type { EventStore } from '@atende/events';
import { checkpointInBackground } from '@atende/event-store';
import { allProjections } from '@atende/projector';
import { SQLITE_READ_MODELS_FILE, SqliteReadModels, sealedDocCodec } from '@atende/read-models';
import { readModelCodeVersions } from './read-model-code.js';

/** The id of the log's first event: read models follow this log, not another one. */
const LOG_KEY = 'log-first-event-id';

export interface SqliteReadModelsStart {
  readModels: SqliteReadModels;
  /** True when nothing can be served as kept (no file yet, or made from another log): build before serving. */
  empty: boolean;
}

async function firstEventId(store: EventStore): Promise<string | undefined> {
  const [first] = await store.readBatch(1, 1, { trusted: true });
  return first?.metadata.eventId;
}

/**
 * Opens the read models kept in DATA_DIR/read-models.db (documents sealed with the read models' key).
 * Kept ones are served at once: the projectors resume from their checkpoints, committed with the
 * rows, so a restart after a crash replays only what came after the last batch; versions other code
 * made are told by `readModels.outdated()`. Read models made from another log are emptied.
 */
export async function openSqliteReadModels(options: {
  dataDir: string;
  key: Buffer;
  store: EventStore;
  /** Commit in a thread of their own (SqliteReadModelsOptions.writerThread). */
  writerThread?: boolean;
  logger: Logger;
}): Promise<SqliteReadModelsStart> {
  const { store, logger } = options;
  const readModels = new SqliteReadModels({
    filename: path.join(options.dataDir, SQLITE_READ_MODELS_FILE),
    codec: sealedDocCodec(options.key),
    // Which code makes each projection: versions other code made are rebuilt by this code.
    codeVersions: readModelCodeVersions(allProjections.map((p) => p.name)),
    // Not SQLITE_SYNCHRONOUS: a power cut may lose their last commits, never their consistency, and
    // the log (synced as configured) replays what those commits held.
    synchronous: 'normal',
    backgroundCheckpoint: checkpointInBackground, // commits never wait for a checkpoint
    writerThread: options.writerThread === true, // EMBEDDED_READ_MODELS_WRITER_THREAD
  });
  const logId = (await firstEventId(store)) ?? '';
  const follows = readModels.meta(LOG_KEY);
  // Ahead of the log: events.db was restored from a backup, and what came after it is not in it.
  const ahead = readModels.furthestCheckpoint() > (await store.lastGlobalPosition());
  if (follows === logId && !ahead) return { readModels, empty: false };
  if (follows !== undefined) {
    logger.warn(
      ahead
        ? 'read models hold events the log does not (a restored backup?): rebuilding them from the log'
        : 'read models made from another event log: rebuilding them from this one',
    );
  }
  readModels.clear();
  // Noted before the build: after a crash during it, the next start serves the (empty) versions 0
  // and its projectors fill them from the log; the unfinished build's rows are swept.
  readModels.setMeta(LOG_KEY, logId);
  return { readModels, empty: true };
}
