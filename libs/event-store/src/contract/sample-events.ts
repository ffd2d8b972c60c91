import { atendeRegistry, newId, type NewEvent } from '@atende/events';

/** A valid NoteCreated ready to append, for store tests (any valid event would do). */
export function sampleEvent(title: string, workspaceId = 'w-contract'): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'NoteCreated',
      data: {
        noteId: newId(),
        authorId: 'u-contract',
        title,
        content: `conteúdo de ${title}`,
        reminder: null,
        tags: [],
        isPinned: false,
      },
    },
    { workspaceId },
  );
}

/** The record of a workspace's deletion (kept when the workspace's other events are erased). */
export function sampleWorkspaceDeletion(workspaceId: string): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'WorkspaceDataDeleted',
      data: { workspaceId, deletedBy: 'u-contract', memberIds: [], channelSessionIds: [] },
    },
    { workspaceId },
  );
}
