import path from 'node:path';
import type { MediaStore } from '@atende/events';
import { eventLogKindOfUrl } from '../open-event-store.js';
import { FileMediaStore, type FileMediaStoreOptions } from './file-media-store.js';
import { PostgresMediaStore } from './postgres-media-store.js';

/**
 * The deployment's media, beside its event log: in PostgreSQL (schema `atende_media`) when
 * EVENTSTORE_URL is `postgres://…`, so every machine's processes reach it; otherwise files in
 * DATA_DIR/media, which only the processes of this machine see (an EventStoreDB log has no table
 * for them).
 */
export function deploymentMediaStore(options: {
  url: string | undefined;
  dataDir: string;
  ownerOfUnmarkedFolder?: FileMediaStoreOptions['ownerOfUnmarkedFolder'];
}): MediaStore {
  if (options.url && eventLogKindOfUrl(options.url) === 'postgres') {
    return new PostgresMediaStore({ connectionString: options.url });
  }
  return new FileMediaStore({
    root: path.join(options.dataDir, 'media'),
    ...(options.ownerOfUnmarkedFolder ? { ownerOfUnmarkedFolder: options.ownerOfUnmarkedFolder } : {}),
  });
}
