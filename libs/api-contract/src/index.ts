export * from './conversations.js';
export * from './socket.js';
