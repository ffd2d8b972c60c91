export * from './events.js';
export * from './commands.js';
export * from './decider.js';
export * from './addresses.js';
export * from './email-settings.js';
