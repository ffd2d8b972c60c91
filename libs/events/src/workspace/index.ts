export * from './settings.js';
export * from './plan.js';
export * from './integrations.js';
export * from './events.js';
export * from './data-deletion.js';
export * from './commands.js';
export * from './decider.js';
