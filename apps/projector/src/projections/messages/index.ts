export * from './message-row.js';
export * from './messages-projection.js';
export * from './queries.js';
