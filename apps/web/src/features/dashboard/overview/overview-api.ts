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

/** A note as GET /api/notes answers it (pinned first, then newest updated). */
export interface WorkspaceNote {
  id: string;
  authorId: string;
  title: string;
  content: string;
  createdAt: string;
  updatedAt: string;
  reminder: string | null;
  isPinned: boolean;
  tags: string[];
}

/** Spec §9: the overview's e-mail and note columns show 5. */
export const OVERVIEW_LIST_LIMIT = 5;

export const NOTE_SAVED_TEXT = 'Anotação salva com sucesso!';

export async function fetchEmails(limit?: number, signal?: AbortSignal): Promise<WorkspaceEmail[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const answer = await apiRequest<{ emails?: WorkspaceEmail[] }>(`/api/emails${query}`, { signal });
  return Array.isArray(answer.emails) ? answer.emails : [];
}

export async function fetchNotes(limit?: number, signal?: AbortSignal): Promise<WorkspaceNote[]> {
  const query = limit === undefined ? '' : `?limit=${limit}`;
  const answer = await apiRequest<{ notes?: WorkspaceNote[] }>(`/api/notes${query}`, { signal });
  return Array.isArray(answer.notes) ? answer.notes : [];
}

export interface NewNote {
  title: string;
  content: string;
  /** 'YYYY-MM-DDTHH:MM' from the datetime field, read in the workspace's timezone. */
  reminder?: string;
  tags?: string[];
  isPinned?: boolean;
}

/** POST /api/notes: the saved note and the server's success text. */
export async function createNote(note: NewNote): Promise<{ note: WorkspaceNote | null; message: string }> {
  const answer = await apiRequest<{ note?: WorkspaceNote; message?: string }>('/api/notes', {
    method: 'POST',
    body: note,
  });
  return { note: answer.note ?? null, message: answer.message || NOTE_SAVED_TEXT };
}

/** Spec §5: tags are split on commas and trimmed (blank ones dropped). */
export const parseTags = (text: string): string[] =>
  text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
