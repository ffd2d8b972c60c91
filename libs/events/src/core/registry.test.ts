import { InvalidEventError } from './errors.js';
import { atendeRegistry } from '../all-events.js';

const note = {
  type: 'NoteCreated' as const,
  data: { noteId: 'n1', authorId: 'u1', title: 'T', content: 'C', reminder: null, tags: [], isPinned: false },
};

describe('EventRegistry.prepare / assertValid', () => {
  it('freezes what it prepared and accepts it without validating it again', () => {
    const prepared = atendeRegistry.prepare(note, { workspaceId: 'w1', actorId: 'u1' });
    expect(Object.isFrozen(prepared)).toBe(true);
    expect(Object.isFrozen(prepared.metadata)).toBe(true);
    expect(() => atendeRegistry.assertValid(prepared)).not.toThrow();
  });

  it('still validates an event it did not prepare, even a copy of a prepared one', () => {
    const prepared = atendeRegistry.prepare(note, { workspaceId: 'w1' });
    const copy = { ...prepared, data: { ...prepared.data, title: '' } };
    expect(() => atendeRegistry.assertValid(copy)).toThrow(InvalidEventError);
    expect(() => atendeRegistry.assertValid({ ...prepared })).not.toThrow();
  });
});
