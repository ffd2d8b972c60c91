/** Tags as typed by a person: a list, or one comma-separated string. */
export type TagsInput = readonly string[] | string;

export type NoteCommand =
  | {
      type: 'CreateNote';
      data: {
        noteId: string;
        authorId: string;
        title: string;
        content: string;
        reminder?: string | null;
        tags?: TagsInput;
        isPinned?: boolean;
      };
    }
  | {
      type: 'UpdateNote';
      data: {
        title: string;
        content: string;
        reminder?: string | null;
        tags?: TagsInput;
        isPinned?: boolean;
      };
    }
  | { type: 'SetNoteReminder'; data: { reminder: string | null } }
  | { type: 'ChangeNoteTags'; data: { tags: TagsInput } }
  | { type: 'PinNote'; data: Record<string, never> }
  | { type: 'UnpinNote'; data: Record<string, never> }
  | { type: 'DeleteNote'; data: Record<string, never> };
