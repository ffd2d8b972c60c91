export * from './events.js';
export * from './deactivation.js';
export * from './email-address.js';
export * from './commands.js';
export * from './decider.js';
export * from './two-factor.js';
export * from './totp.js';
