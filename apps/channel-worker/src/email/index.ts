export * from './email-outbox.js';
export * from './smtp-send.js';
export * from './email-inboxes.js';
export * from './email-media-folder.js';
export type { ImapMailbox, ImapMailboxOptions, ReceivedMail } from './imap-mailbox.js';
