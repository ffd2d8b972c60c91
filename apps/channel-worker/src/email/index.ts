export * from './email-outbox.js';
export * from './smtp-send.js';
