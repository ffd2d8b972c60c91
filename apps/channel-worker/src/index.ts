export * from './sandbox/index.js';
export * from './bridge/index.js';
export * from './queue/index.js';
export * from './whatsapp-web/index.js';
export * from './email/index.js';
