import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  NOTES_PROJECTION,
  NOTE_COLLECTION,
  REMINDERS_INDEX,
  noteDocId,
  workspaceNotesIndex,
  workspacePinnedNotesIndex,
  type NoteDoc,
} from './types.js';

/** Stores the note and keeps its three index entries in step with it. */
function write(tx: ProjectionTx, note: NoteDoc): void {
  const docId = noteDocId(note.workspaceId, note.id);
  const updated = Date.parse(note.updatedAt);
  tx.put(NOTE_COLLECTION, docId, note);
  tx.indexPut(workspaceNotesIndex(note.workspaceId), note.id, updated);
  if (note.isPinned) tx.indexPut(workspacePinnedNotesIndex(note.workspaceId), note.id, updated);
  else tx.indexDelete(workspacePinnedNotesIndex(note.workspaceId), note.id);
  if (note.reminder !== null) tx.indexPut(REMINDERS_INDEX, docId, Date.parse(note.reminder));
  else tx.indexDelete(REMINDERS_INDEX, docId);
}

/** Applies a change to an existing note (skipped when missing); every change moves updatedAt. */
function update(
  event: StoredEvent<AtendeEvent> & { data: { noteId: string } },
  tx: ProjectionTx,
  change: (note: NoteDoc) => Partial<NoteDoc>,
): void {
  const note = tx.get<NoteDoc>(NOTE_COLLECTION, noteDocId(event.metadata.workspaceId, event.data.noteId));
  if (!note) return;
  write(tx, { ...note, ...change(note), updatedAt: utcIso(event.metadata.occurredAt) });
}

/** Notes (Anotações) per workspace, plus a due-reminders index across workspaces. */
export const notesProjection = defineProjection(NOTES_PROJECTION, {
  NoteCreated: (event, tx) => {
    const d = event.data;
    const at = utcIso(event.metadata.occurredAt);
    write(tx, {
      id: d.noteId,
      workspaceId: event.metadata.workspaceId,
      authorId: d.authorId,
      title: d.title,
      content: d.content,
      createdAt: at,
      updatedAt: at,
      reminder: d.reminder === null ? null : utcIso(d.reminder),
      isPinned: d.isPinned,
      tags: [...d.tags],
    });
  },
  NoteUpdated: (event, tx) =>
    update(event, tx, () => ({
      title: event.data.title,
      content: event.data.content,
      reminder: event.data.reminder === null ? null : utcIso(event.data.reminder),
      tags: [...event.data.tags],
      isPinned: event.data.isPinned,
    })),
  NoteReminderSet: (event, tx) =>
    update(event, tx, () => ({
      reminder: event.data.reminder === null ? null : utcIso(event.data.reminder),
    })),
  NoteTagsChanged: (event, tx) => update(event, tx, () => ({ tags: [...event.data.tags] })),
  NotePinned: (event, tx) => update(event, tx, () => ({ isPinned: true })),
  NoteUnpinned: (event, tx) => update(event, tx, () => ({ isPinned: false })),
  NoteDeleted: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const { noteId } = event.data;
    const docId = noteDocId(workspaceId, noteId);
    if (!tx.get<NoteDoc>(NOTE_COLLECTION, docId)) return;
    tx.delete(NOTE_COLLECTION, docId);
    tx.indexDelete(workspaceNotesIndex(workspaceId), noteId);
    tx.indexDelete(workspacePinnedNotesIndex(workspaceId), noteId);
    tx.indexDelete(REMINDERS_INDEX, docId);
  },
});
