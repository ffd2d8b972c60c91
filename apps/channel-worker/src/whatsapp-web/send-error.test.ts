import { ChannelSendError } from '@atende/events';
import { isSendableChatId, toChannelSendError } from './send-error.js';

describe('toChannelSendError', () => {
  it.each([
    'Evaluation failed: Error: wid error: invalid wid',
    'The number 5511 is not registered on WhatsApp',
    'Error: No LID for user',
    'invalid phone number',
  ])('%s is permanent', (message) => {
    const error = toChannelSendError(new Error(message));
    expect(error).toBeInstanceOf(ChannelSendError);
    expect(error.permanent).toBe(true);
    expect(error.message).toContain(message);
  });

  it.each(['Protocol error: Target closed', 'Execution context was destroyed', 'timeout'])(
    '%s is transient',
    (message) => {
      expect(toChannelSendError(new Error(message)).permanent).toBe(false);
    },
  );

  it('keeps a ChannelSendError as it is', () => {
    const original = new ChannelSendError('x', true);
    expect(toChannelSendError(original)).toBe(original);
  });
});

describe('isSendableChatId', () => {
  it('accepts people, groups and privacy ids only', () => {
    expect(isSendableChatId('5511988887777@c.us')).toBe(true);
    expect(isSendableChatId('120363025@g.us')).toBe(true);
    expect(isSendableChatId('123456@lid')).toBe(true);
    expect(isSendableChatId('status@broadcast')).toBe(false);
    expect(isSendableChatId('5511988887777')).toBe(false);
  });
});
