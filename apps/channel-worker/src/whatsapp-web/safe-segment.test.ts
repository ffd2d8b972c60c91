import { safeSegment } from './safe-segment.js';

describe('safeSegment', () => {
  it('keeps ids made of letters, digits, _ and - (up to 128)', () => {
    expect(safeSegment('demo-sandbox')).toBe('demo-sandbox');
    expect(safeSegment('a'.repeat(128))).toBe('a'.repeat(128));
  });

  it('hashes anything else, the same way every time', () => {
    for (const id of ['../x', 'sessão', 'a/b', '', 'a'.repeat(129)]) {
      expect(safeSegment(id)).toMatch(/^h-[a-f0-9]{40}$/);
    }
    expect(safeSegment('a/b')).toBe(safeSegment('a/b'));
    expect(safeSegment('a/b')).not.toBe(safeSegment('a/c'));
  });
});
