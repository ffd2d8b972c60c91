export * from './roles.js';
export * from './events.js';
export * from './commands.js';
export * from './decider.js';
export * from './permissions.js';
