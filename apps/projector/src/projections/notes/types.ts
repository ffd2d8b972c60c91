export const NOTES_PROJECTION = 'notes';

export const NOTE_COLLECTION = 'note';

/** Notes with a reminder, all workspaces, id `${workspaceId}:${noteId}`, score = reminder (ms). */
export const REMINDERS_INDEX = 'reminders';

export function noteDocId(workspaceId: string, noteId: string): string {
  return `${workspaceId}:${noteId}`;
}

/** A workspace's notes, id noteId, score = updatedAt (ms). */
export function workspaceNotesIndex(workspaceId: string): string {
  return `ws:${workspaceId}`;
}

/** The workspace's pinned notes only, id noteId, score = updatedAt (ms): lists pinned notes first. */
export function workspacePinnedNotesIndex(workspaceId: string): string {
  return `ws:${workspaceId}:pinned`;
}

/** 'note' id `${workspaceId}:${noteId}`. */
export interface NoteDoc {
  id: string;
  workspaceId: string;
  authorId: string;
  title: string;
  content: string;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
  reminder: string | null;
  isPinned: boolean;
  tags: string[];
}
