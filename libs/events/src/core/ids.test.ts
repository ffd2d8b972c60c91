import { v5 as uuidv5 } from 'uuid';
import { deterministicEventId, uuidV5 } from './ids.js';

describe('uuidV5', () => {
  it('gives exactly the ids of the uuid library (ids already stored must not change)', () => {
    const namespace = '6f0a1c52-3b7e-4d8a-9a57-2f3c1f8e9b10';
    for (const name of ['', 'a', 'ws-1\u0000inbound:wamid.123', 'ação 😀 客服', 'x'.repeat(1000)]) {
      expect(uuidV5(name)).toBe(uuidv5(name, namespace));
    }
    expect(deterministicEventId('w1', 'key')).toBe(uuidv5('w1\u0000key', namespace));
    expect(deterministicEventId('w1', 'key')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});
