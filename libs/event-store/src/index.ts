export * from './sqlite/sqlite-event-store.js';
export * from './open-event-store.js';
export { SCHEMA_SQL } from './sqlite/schema.js';
