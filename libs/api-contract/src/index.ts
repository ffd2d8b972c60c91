export * from './auth.js';
export * from './conversations.js';
export * from './integrations.js';
export * from './socket.js';
export * from './whatsapp.js';
