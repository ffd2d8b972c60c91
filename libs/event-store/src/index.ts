export * from './sqlite/sqlite-event-store.js';
export {
  sqliteBackgroundCheckpoint,
  startWalCheckpointer,
  type WalCheckpointer,
} from './sqlite/wal-checkpointer.js';
export * from './open-event-store.js';
export { SCHEMA_SQL, INSERT_EVENT_SQL, eventRowValues } from './sqlite/schema.js';
export * from './sqlite/write-log-file.js';
export * from './sqlite/sqlite-checkpoint-store.js';
export * from './eventstoredb/eventstoredb-event-store.js';
export * from './postgres/postgres-event-store.js';
export * from './keys/master-key.js';
export * from './keys/sealed-field.js';
export * from './keys/sqlite-key-store.js';
export * from './keys/field-cipher.js';
export * from './keys/encrypted-event-store.js';
export * from './keys/open-encrypted-store.js';
export * from './keys/redis-key-store.js';
export * from './keys/postgres-key-store.js';
export * from './keys/sealed-bus.js';
export * from './keys/encrypt-sqlite-log.js';
export * from './postgres/testing/postgres-infra.js';
export * from './postgres/postgres-lease.js';
export * from './media/media-types.js';
export * from './media/file-media-store.js';
export * from './media/postgres-media-store.js';
export * from './media/sealed-media-store.js';
export * from './postgres/postgres-session-leases.js';
export * from './session-archives/sqlite-session-archive-store.js';
export * from './session-archives/postgres-session-archive-store.js';
export * from './session-archives/sealed-session-archives.js';
