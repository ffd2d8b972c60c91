export * from './conversations.js';
export * from './socket.js';
export * from './emails.js';
export * from './suggestions.js';
export * from './analytics.js';
export * from './billing.js';
