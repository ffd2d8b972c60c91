import { apiRequest } from '../../../api/client';

/** An e-mail as GET /api/emails answers it. */
export interface WorkspaceEmail {
  id: string;
  direction: 'sent' | 'received';
  sender: string;
  /** Who it is from, as people read it. */
  senderName: string;
  to: string[];
  subject: string;
  preview: string;
  content: string;
  timestamp: string;
  isUnread: boolean;
  hasAttachments: boolean;
  priority: 'high' | 'medium' | 'low';
}

/** A note as GET /api/notes answers it (the notes feature owns its calls). */
export type { Note as WorkspaceNote } from '../../notes/notes-api';

/** Spec §9: the overview's e-mail and note columns show 5. */
export const OVERVIEW_LIST_LIMIT = 5;

export async function fetchEmails(limit?: number, signal?: AbortSignal): Promise<WorkspaceEmail[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const answer = await apiRequest<{ emails?: WorkspaceEmail[] }>(`/api/emails${query}`, { signal });
  return Array.isArray(answer.emails) ? answer.emails : [];
}
