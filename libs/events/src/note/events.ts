import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';

const tags = z.array(z.string().min(1).max(50)).max(50);
const reminder = z.string().datetime({ offset: true }).nullable();

export const NoteCreated = defineEvent(
  'NoteCreated',
  z.object({
    noteId: z.string().min(1),
    authorId: z.string().min(1),
    title: z.string().min(1).max(200),
    content: z.string().min(1).max(20000),
    reminder,
    tags,
    isPinned: z.boolean(),
  }),
);
export const NoteUpdated = defineEvent(
  'NoteUpdated',
  z.object({
    noteId: z.string().min(1),
    title: z.string().min(1).max(200),
    content: z.string().min(1).max(20000),
    reminder,
    tags,
    isPinned: z.boolean(),
  }),
);
export const NoteReminderSet = defineEvent(
  'NoteReminderSet',
  z.object({ noteId: z.string().min(1), reminder }),
);
export const NoteTagsChanged = defineEvent('NoteTagsChanged', z.object({ noteId: z.string().min(1), tags }));
export const NotePinned = defineEvent('NotePinned', z.object({ noteId: z.string().min(1) }));
export const NoteUnpinned = defineEvent('NoteUnpinned', z.object({ noteId: z.string().min(1) }));
export const NoteDeleted = defineEvent('NoteDeleted', z.object({ noteId: z.string().min(1) }));

export const noteEventDefinitions = [
  NoteCreated,
  NoteUpdated,
  NoteReminderSet,
  NoteTagsChanged,
  NotePinned,
  NoteUnpinned,
  NoteDeleted,
] as const;

export type NoteEvent =
  | EventOf<typeof NoteCreated>
  | EventOf<typeof NoteUpdated>
  | EventOf<typeof NoteReminderSet>
  | EventOf<typeof NoteTagsChanged>
  | EventOf<typeof NotePinned>
  | EventOf<typeof NoteUnpinned>
  | EventOf<typeof NoteDeleted>;
