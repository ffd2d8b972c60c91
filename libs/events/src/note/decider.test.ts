import { spec } from '../testing/given-when-then.js';
import { noteDecider } from './decider.js';
import type { NoteEvent } from './events.js';
import { parseReminderInput } from './reminder.js';

const created: NoteEvent = {
  type: 'NoteCreated',
  data: {
    noteId: 'n1',
    authorId: 'u1',
    title: 'Ligar para cliente',
    content: 'Confirmar pedido',
    reminder: null,
    tags: ['vendas'],
    isPinned: false,
  },
};
const note = spec(noteDecider);

describe('Note decider', () => {
  describe('CreateNote', () => {
    it('creates a note with trimmed fields and tags split on commas', () => {
      note
        .given([])
        .when({
          type: 'CreateNote',
          data: {
            noteId: 'n1',
            authorId: 'u1',
            title: '  Ligar  ',
            content: ' Pedido ',
            tags: ' a, b ,, a ,c',
          },
        })
        .then([
          {
            type: 'NoteCreated',
            data: {
              noteId: 'n1',
              authorId: 'u1',
              title: 'Ligar',
              content: 'Pedido',
              reminder: null,
              tags: ['a', 'b', 'c'],
              isPinned: false,
            },
          },
        ]);
    });
    it('keeps a valid ISO reminder and the pin flag', () => {
      note
        .given([])
        .when({
          type: 'CreateNote',
          data: {
            noteId: 'n1',
            authorId: 'u1',
            title: 'T',
            content: 'C',
            reminder: '2026-12-01T12:30:00-03:00',
            isPinned: true,
          },
        })
        .then([
          {
            type: 'NoteCreated',
            data: {
              noteId: 'n1',
              authorId: 'u1',
              title: 'T',
              content: 'C',
              reminder: '2026-12-01T15:30:00.000Z',
              tags: [],
              isPinned: true,
            },
          },
        ]);
    });
    it.each([
      ['', 'conteúdo'],
      ['título', '   '],
    ])('rejects a blank title or content (%j, %j)', (title, content) => {
      note
        .given([])
        .when({ type: 'CreateNote', data: { noteId: 'n1', authorId: 'u1', title, content } })
        .thenThrows('NOTE_REQUIRED_FIELDS', 'Título e conteúdo são obrigatórios');
    });
    it('rejects an invalid reminder with the spec text', () => {
      note
        .given([])
        .when({
          type: 'CreateNote',
          data: { noteId: 'n1', authorId: 'u1', title: 'T', content: 'C', reminder: 'amanhã' },
        })
        .thenThrows('NOTE_REMINDER_INVALID', 'Data inválida. Use o formato YYYY-MM-DD HH:MM');
    });
    it('rejects creating the same note twice', () => {
      note
        .given([created])
        .when({ type: 'CreateNote', data: { noteId: 'n1', authorId: 'u1', title: 'T', content: 'C' } })
        .thenThrows('NOTE_EXISTS');
    });
  });

  describe('UpdateNote', () => {
    it('updates title and content, keeping reminder, tags and pin when not given', () => {
      note
        .given([created])
        .when({ type: 'UpdateNote', data: { title: 'Novo', content: 'Texto' } })
        .then([
          {
            type: 'NoteUpdated',
            data: {
              noteId: 'n1',
              title: 'Novo',
              content: 'Texto',
              reminder: null,
              tags: ['vendas'],
              isPinned: false,
            },
          },
        ]);
    });
    it('rejects blank fields', () => {
      note
        .given([created])
        .when({ type: 'UpdateNote', data: { title: ' ', content: 'x' } })
        .thenThrows('NOTE_REQUIRED_FIELDS');
    });
    it('rejects a deleted note', () => {
      note
        .given([created, { type: 'NoteDeleted', data: { noteId: 'n1' } }])
        .when({ type: 'UpdateNote', data: { title: 'a', content: 'b' } })
        .thenThrows('NOTE_NOT_FOUND', 'Anotação não encontrada');
    });
  });

  describe('reminder, tags, pin, delete', () => {
    it('sets a reminder', () => {
      note
        .given([created])
        .when({ type: 'SetNoteReminder', data: { reminder: '2026-12-24T20:00:00Z' } })
        .then([{ type: 'NoteReminderSet', data: { noteId: 'n1', reminder: '2026-12-24T20:00:00.000Z' } }]);
    });
    it('rejects a malformed reminder', () => {
      note
        .given([created])
        .when({ type: 'SetNoteReminder', data: { reminder: '2026-13-45 99:99' } })
        .thenThrows('NOTE_REMINDER_INVALID');
    });
    it('changes tags only when they differ', () => {
      note
        .given([created])
        .when({ type: 'ChangeNoteTags', data: { tags: 'vendas, urgente' } })
        .then([{ type: 'NoteTagsChanged', data: { noteId: 'n1', tags: ['vendas', 'urgente'] } }]);
      note
        .given([created])
        .when({ type: 'ChangeNoteTags', data: { tags: ' vendas ' } })
        .then([]);
    });
    it('pins once and unpins once', () => {
      note
        .given([created])
        .when({ type: 'PinNote', data: {} })
        .then([{ type: 'NotePinned', data: { noteId: 'n1' } }]);
      note
        .given([created, { type: 'NotePinned', data: { noteId: 'n1' } }])
        .when({ type: 'PinNote', data: {} })
        .then([]);
      note.given([created]).when({ type: 'UnpinNote', data: {} }).then([]);
      note
        .given([created, { type: 'NotePinned', data: { noteId: 'n1' } }])
        .when({ type: 'UnpinNote', data: {} })
        .then([{ type: 'NoteUnpinned', data: { noteId: 'n1' } }]);
    });
    it('deletes, and a missing note cannot be deleted', () => {
      note
        .given([created])
        .when({ type: 'DeleteNote', data: {} })
        .then([{ type: 'NoteDeleted', data: { noteId: 'n1' } }]);
      note.given([]).when({ type: 'DeleteNote', data: {} }).thenThrows('NOTE_NOT_FOUND');
    });
  });
});

describe('parseReminderInput', () => {
  it('reads the prompt format as São Paulo wall-clock time', () => {
    expect(parseReminderInput('2026-12-01 09:30')).toBe('2026-12-01T12:30:00.000Z');
    expect(parseReminderInput('2026-07-01 09:30', 'Europe/London')).toBe('2026-07-01T08:30:00.000Z');
  });
  it.each(['2026-02-30 10:00', '2026-12-01 24:00', '01/12/2026 10:00', '2026-12-01T10:00', ''])(
    'rejects %j with the spec text',
    (text) => {
      expect(() => parseReminderInput(text)).toThrow('Data inválida. Use o formato YYYY-MM-DD HH:MM');
    },
  );
});
