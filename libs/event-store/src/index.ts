export * from './sqlite/sqlite-event-store.js';
export * from './open-event-store.js';
export { SCHEMA_SQL, INSERT_EVENT_SQL, eventRowValues } from './sqlite/schema.js';
export * from './sqlite/write-log-file.js';
export * from './sqlite/sqlite-checkpoint-store.js';
export * from './eventstoredb/eventstoredb-event-store.js';
export * from './keys/master-key.js';
export * from './keys/sealed-field.js';
export * from './keys/sqlite-key-store.js';
