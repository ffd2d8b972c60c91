import type { Email } from '@atende/api-contract';

/** An e-mail as GET /api/emails answers it (the contract's type; the overview shows a few of its fields). */
export type WorkspaceEmail = Email;

/** A note as GET /api/notes answers it (the notes feature owns its calls). */
export type { Note as WorkspaceNote } from '../../notes/notes-api';

/** Spec §9: the overview's e-mail and note columns show 5. */
export const OVERVIEW_LIST_LIMIT = 5;
