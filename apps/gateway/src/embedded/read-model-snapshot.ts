import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Logger } from 'pino';
import type { EventStore } from '@atende/events';
import {
  MEMORY_SNAPSHOT_FORMAT,
  openMemorySnapshot,
  writeMemorySnapshot,
  type MemoryReadModels,
} from '@atende/read-models';

/** The snapshot of the in-process read models in DATA_DIR (its name: `npm run events -- encrypt` deletes it). */
export { READ_MODEL_SNAPSHOT_NAME } from '@atende/read-models';

/** Source files of `dir` and below, tests aside, sorted. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|js)$/.test(f) && !/\.test\.(ts|js)$/.test(f))
    .sort();
}

/**
 * What produced the read models: the source of the projections, the domain (events, upcasters), the
 * event store (what it reads back) and the in-process adapter, with the V8 version (its serialization
 * format). A snapshot made by other code is not used, so changing a projection never serves stale
 * data. Undefined when the sources cannot be read (snapshots are then off).
 */
export function readModelCodeFingerprint(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const hash = createHash('sha256');
    hash.update(`format ${MEMORY_SNAPSHOT_FORMAT}; v8 ${process.versions.v8}\n`);
    for (const pkg of ['@atende/projector', '@atende/events', '@atende/event-store', '@atende/read-models']) {
      const dir = path.dirname(require.resolve(pkg));
      for (const file of sourceFiles(dir)) {
        hash.update(`${pkg}/${file}\n`);
        hash.update(readFileSync(path.join(dir, file)));
      }
    }
    return hash.digest('hex');
  } catch {
    return undefined;
  }
}

export interface ReadModelSnapshotOptions {
  file: string;
  store: EventStore;
  readModels: MemoryReadModels;
  fingerprint: string | undefined;
  logger: Logger;
  /**
   * A 32-byte AES-256-GCM key: the file is written encrypted and only an encrypted file that opens
   * with it is restored (a plain one, from before, costs one rebuild). Default: none, a plain file.
   */
  key?: Buffer;
}

/** The id of the event stored at `position`, if any (a snapshot belongs to the log that has it). */
async function eventIdAt(store: EventStore, position: number): Promise<string | null | undefined> {
  if (position === 0) return null;
  const [event] = await store.readBatch(position, 1, { trusted: true });
  return event?.globalPosition === position ? event.metadata.eventId : undefined;
}

/**
 * Serves the read models saved at the last stop, if they were made by this code from this log; the
 * projectors then resume from their checkpoints. The file is removed either way: it holds a copy of
 * the data that is only current while Atende is stopped (an erased workspace must not outlive its
 * erasure in it). False when the read models must be rebuilt.
 */
export async function restoreReadModelSnapshot(options: ReadModelSnapshotOptions): Promise<boolean> {
  const { file, store, readModels, fingerprint, logger, key } = options;
  const started = performance.now();
  try {
    const opened = openMemorySnapshot(file, { key });
    if (!opened) return false;
    const { header } = opened;
    if (fingerprint === undefined || header.fingerprint !== fingerprint) {
      logger.info('read-model snapshot made by other code: rebuilding from the event log');
      return false;
    }
    // A shorter log has no event there; another log has another one.
    if ((await eventIdAt(store, header.position)) !== header.eventId) {
      logger.warn('read-model snapshot does not match the event log: rebuilding from the event log');
      return false;
    }
    readModels.restore(opened.load());
    logger.info(
      { position: header.position, ms: Math.round(performance.now() - started) },
      'read models restored from the snapshot of the last stop',
    );
    return true;
  } catch (error) {
    logger.warn({ err: error }, 'read-model snapshot unusable: rebuilding from the event log');
    return false;
  } finally {
    rmSync(file, { force: true });
  }
}

/** Saves the read models (projectors stopped) for the next start; a failure only costs that start a rebuild. */
export async function saveReadModelSnapshot(options: ReadModelSnapshotOptions): Promise<void> {
  const { file, store, readModels, fingerprint, logger, key } = options;
  if (fingerprint === undefined) return;
  const started = performance.now();
  try {
    const snapshot = readModels.snapshot();
    const position = Math.max(0, ...snapshot.projections.map((p) => p.checkpoint));
    const eventId = await eventIdAt(store, position);
    if (eventId === undefined) return; // that event was erased meanwhile: nothing to tie the file to
    const { bytes } = writeMemorySnapshot(
      file,
      { fingerprint, position, eventId, writtenAt: new Date().toISOString() },
      snapshot,
      { key },
    );
    logger.info(
      { position, bytes, ms: Math.round(performance.now() - started) },
      'read models saved for the next start',
    );
  } catch (error) {
    rmSync(file, { force: true });
    logger.warn({ err: error }, 'read models not saved: the next start rebuilds them from the event log');
  }
}
