import type { ProjectionView } from '@atende/events';
import {
  NOTE_COLLECTION,
  REMINDERS_INDEX,
  noteDocId,
  workspaceNotesIndex,
  workspacePinnedNotesIndex,
  type NoteDoc,
} from './types.js';

function present<T>(docs: (T | undefined)[]): T[] {
  return docs.filter((d): d is T => d !== undefined);
}

/** The workspace's notes: pinned first, then the rest, each newest updated first. */
export async function listNotes(
  view: ProjectionView,
  workspaceId: string,
  options: { limit?: number } = {},
): Promise<NoteDoc[]> {
  const limit = options.limit ?? Infinity;
  if (limit <= 0) return [];
  const bounded = (n: number) => (Number.isFinite(n) ? { limit: n } : {});
  const pinned = await view.range(workspacePinnedNotesIndex(workspaceId), {
    reverse: true,
    ...bounded(limit),
  });
  const ids = pinned.map((e) => e.id);
  const remaining = limit - pinned.length;
  if (remaining > 0) {
    // Fewer pinned notes than the limit: `pinned` holds all of them.
    const pinnedIds = new Set(ids);
    const all = await view.range(workspaceNotesIndex(workspaceId), {
      reverse: true,
      ...bounded(remaining + pinned.length),
    });
    for (const e of all) if (!pinnedIds.has(e.id)) ids.push(e.id);
  }
  const docs = await view.getMany<NoteDoc>(
    NOTE_COLLECTION,
    ids.slice(0, Number.isFinite(limit) ? limit : undefined).map((id) => noteDocId(workspaceId, id)),
  );
  return present(docs);
}

export async function getNote(
  view: ProjectionView,
  workspaceId: string,
  noteId: string,
): Promise<NoteDoc | undefined> {
  return view.get<NoteDoc>(NOTE_COLLECTION, noteDocId(workspaceId, noteId));
}

/** Notes of every workspace whose reminder is at or before `until` (ms), earliest first. */
export async function dueReminders(
  view: ProjectionView,
  options: { until: number; limit?: number },
): Promise<NoteDoc[]> {
  const entries = await view.range(REMINDERS_INDEX, {
    max: options.until,
    ...(options.limit !== undefined ? { limit: options.limit } : {}),
  });
  return present(
    await view.getMany<NoteDoc>(
      NOTE_COLLECTION,
      entries.map((e) => e.id),
    ),
  );
}
