import type { Email } from '@atende/api-contract';

/** The fields of an e-mail (the contract's, as GET /api/emails answers it) the overview shows. */
export type WorkspaceEmail = Pick<
  Email,
  | 'id'
  | 'direction'
  | 'sender'
  | 'senderName'
  | 'to'
  | 'subject'
  | 'preview'
  | 'content'
  | 'timestamp'
  | 'isUnread'
  | 'hasAttachments'
  | 'priority'
>;

/** A note as GET /api/notes answers it (the notes feature owns its calls). */
export type { Note as WorkspaceNote } from '../../notes/notes-api';

/** Spec §9: the overview's e-mail and note columns show 5. */
export const OVERVIEW_LIST_LIMIT = 5;
