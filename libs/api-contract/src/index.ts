export * from './conversations.js';
export * from './socket.js';
export * from './team.js';
export * from './notes.js';
export * from './notifications.js';
export * from './canned-replies.js';
