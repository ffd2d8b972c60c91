export * from './events.js';
export * from './commands.js';
export * from './decider.js';
export * from './messages.js';
export * from './address.js';
export * from './provider-message-id.js';
export * from './send-attempt.js';
export * from './outbound-media.js';
