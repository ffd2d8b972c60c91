import { TestLog } from '../../testing/test-log.js';
import { chatIdOfStream, utcIso } from './event-helpers.js';

describe('event helpers', () => {
  it('reads the chat id from a conversation stream of the event workspace', () => {
    const log = new TestLog();
    const pin = { type: 'ConversationPinned', data: {} } as const;
    expect(chatIdOfStream(log.append('conversation-w1-5511@c.us', pin, { workspaceId: 'w1' }))).toBe(
      '5511@c.us',
    );
    expect(chatIdOfStream(log.append('conversation-a-b-c-x-y', pin, { workspaceId: 'a-b-c' }))).toBe('x-y');
    expect(
      chatIdOfStream(log.append('conversation-w2-5511@c.us', pin, { workspaceId: 'w1' })),
    ).toBeUndefined();
    expect(chatIdOfStream(log.append('conversation-w1-', pin, { workspaceId: 'w1' }))).toBeUndefined();
    expect(chatIdOfStream(log.append('conversation-w1', pin, { workspaceId: 'w1' }))).toBeUndefined();
    expect(chatIdOfStream(log.append('note-w1-x', pin, { workspaceId: 'w1' }))).toBeUndefined();
  });

  it('normalises times to UTC ISO', () => {
    expect(utcIso('2026-11-02T12:00:00.000Z')).toBe('2026-11-02T12:00:00.000Z');
    expect(utcIso('2026-11-02T09:00:00-03:00')).toBe('2026-11-02T12:00:00.000Z');
    expect(utcIso('2026-11-02T12:00:00Z')).toBe('2026-11-02T12:00:00.000Z');
    expect(utcIso('2026-11-02T12:00:00.123456Z')).toBe('2026-11-02T12:00:00.123Z');
  });
});
