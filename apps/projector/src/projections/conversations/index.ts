export * from './conversation-row.js';
export * from './conversations-projection.js';
export * from './event-helpers.js';
export * from './queries.js';
