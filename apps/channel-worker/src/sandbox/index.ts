export * from './sandbox-channel.js';
export * from './inbound-message-id.js';
export * from './sandbox-storage.js';
