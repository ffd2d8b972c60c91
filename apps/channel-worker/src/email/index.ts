export * from './email-outbox.js';
export * from './smtp-send.js';
export * from './email-inboxes.js';
export * from './imap-mailbox.js';
