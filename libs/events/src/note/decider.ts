import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { NoteCommand } from './commands.js';
import type { NoteEvent } from './events.js';
import { normaliseReminder } from './reminder.js';
import { normaliseTags } from './tags.js';

export interface NoteFields {
  noteId: string;
  authorId: string;
  title: string;
  content: string;
  reminder: string | null;
  tags: string[];
  isPinned: boolean;
}

export type NoteState = { status: 'none' } | { status: 'active'; note: NoteFields } | { status: 'deleted' };

export const NOTE_REQUIRED_MESSAGE = 'Título e conteúdo são obrigatórios';
export const NOTE_NOT_FOUND_MESSAGE = 'Anotação não encontrada';

function requireTitleAndContent(title: string, content: string): { title: string; content: string } {
  const t = title.trim();
  const c = content.trim();
  if (!t || !c) throw new DomainError('NOTE_REQUIRED_FIELDS', NOTE_REQUIRED_MESSAGE);
  return { title: t, content: c };
}

function requireActive(state: NoteState): NoteFields {
  if (state.status !== 'active') throw new DomainError('NOTE_NOT_FOUND', NOTE_NOT_FOUND_MESSAGE);
  return state.note;
}

function sameTags(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((t, i) => t === b[i]);
}

function decide(command: NoteCommand, state: NoteState): NoteEvent[] {
  switch (command.type) {
    case 'CreateNote': {
      if (state.status !== 'none') throw new DomainError('NOTE_EXISTS', 'Anotação já existe');
      const { title, content } = requireTitleAndContent(command.data.title, command.data.content);
      return [
        {
          type: 'NoteCreated',
          data: {
            noteId: command.data.noteId,
            authorId: command.data.authorId,
            title,
            content,
            reminder: normaliseReminder(command.data.reminder),
            tags: normaliseTags(command.data.tags),
            isPinned: command.data.isPinned ?? false,
          },
        },
      ];
    }
    case 'UpdateNote': {
      const note = requireActive(state);
      const { title, content } = requireTitleAndContent(command.data.title, command.data.content);
      return [
        {
          type: 'NoteUpdated',
          data: {
            noteId: note.noteId,
            title,
            content,
            reminder:
              command.data.reminder === undefined ? note.reminder : normaliseReminder(command.data.reminder),
            tags: command.data.tags === undefined ? note.tags : normaliseTags(command.data.tags),
            isPinned: command.data.isPinned ?? note.isPinned,
          },
        },
      ];
    }
    case 'SetNoteReminder': {
      const note = requireActive(state);
      const reminder = normaliseReminder(command.data.reminder);
      return reminder === note.reminder
        ? []
        : [{ type: 'NoteReminderSet', data: { noteId: note.noteId, reminder } }];
    }
    case 'ChangeNoteTags': {
      const note = requireActive(state);
      const tags = normaliseTags(command.data.tags);
      return sameTags(tags, note.tags)
        ? []
        : [{ type: 'NoteTagsChanged', data: { noteId: note.noteId, tags } }];
    }
    case 'PinNote': {
      const note = requireActive(state);
      return note.isPinned ? [] : [{ type: 'NotePinned', data: { noteId: note.noteId } }];
    }
    case 'UnpinNote': {
      const note = requireActive(state);
      return note.isPinned ? [{ type: 'NoteUnpinned', data: { noteId: note.noteId } }] : [];
    }
    case 'DeleteNote': {
      const note = requireActive(state);
      return [{ type: 'NoteDeleted', data: { noteId: note.noteId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: NoteState, event: NoteEvent): NoteState {
  switch (event.type) {
    case 'NoteCreated':
      return { status: 'active', note: { ...event.data } };
    case 'NoteUpdated':
      return state.status === 'active' ? { status: 'active', note: { ...state.note, ...event.data } } : state;
    case 'NoteReminderSet':
      return state.status === 'active'
        ? { status: 'active', note: { ...state.note, reminder: event.data.reminder } }
        : state;
    case 'NoteTagsChanged':
      return state.status === 'active'
        ? { status: 'active', note: { ...state.note, tags: event.data.tags } }
        : state;
    case 'NotePinned':
      return state.status === 'active'
        ? { status: 'active', note: { ...state.note, isPinned: true } }
        : state;
    case 'NoteUnpinned':
      return state.status === 'active'
        ? { status: 'active', note: { ...state.note, isPinned: false } }
        : state;
    case 'NoteDeleted':
      return { status: 'deleted' };
    default:
      return assertNever(event);
  }
}

export const noteDecider: Decider<NoteCommand, NoteEvent, NoteState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
