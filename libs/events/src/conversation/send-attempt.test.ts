import type { Decider } from '../core/decider.js';
import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { ConversationCommand } from './commands.js';
import { conversationDecider, type ConversationState } from './decider.js';
import { conversationEventDefinitions, type ConversationEvent } from './events.js';
import { messageOf } from './message-window.js';
import { unfinishedSendSince } from './send-attempt.js';

const registry = new EventRegistry(conversationEventDefinitions);

/** The decider, checking every given and emitted event against its schema. */
const validated: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  ...conversationDecider,
  decide: (command, state) =>
    conversationDecider.decide(command, state).map((event) => {
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
      return event;
    }),
};
const conversation = spec(validated);

const CHAT = '5511988887777@c.us';
const AT = '2026-03-10T12:00:00.000Z';
const LATER = '2026-03-10T12:05:00.000Z';

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: {
    chatId: CHAT,
    sessionId: 's1',
    channel: 'whatsapp',
    customerId: '5511988887777',
    customerName: 'Maria',
    type: 'private',
  },
};
const requested: ConversationEvent = {
  type: 'OutboundMessageRequested',
  data: {
    messageId: 'out1',
    chatId: CHAT,
    sessionId: 's1',
    agentId: 'a1',
    content: 'Oi',
    type: 'text',
    timestamp: AT,
  },
};
const inbound: ConversationEvent = {
  type: 'InboundMessageReceived',
  data: {
    messageId: 'in1',
    chatId: CHAT,
    sessionId: 's1',
    providerMessageId: 'wa1',
    content: 'Olá',
    type: 'text',
    mediaUrl: null,
    mediaStatus: 'none',
    senderName: 'Maria',
    senderPhone: '5511988887777',
    timestamp: AT,
  },
};
const sendStarted = (startedAt = AT): ConversationEvent => ({
  type: 'OutboundSendStarted',
  data: { messageId: 'out1', startedAt },
});
const start = (startedAt = AT, messageId = 'out1'): ConversationCommand => ({
  type: 'StartOutboundSend',
  data: { messageId, startedAt },
});

function messageAfter(past: ConversationEvent[]) {
  const state = past.reduce(conversationDecider.evolve, conversationDecider.initialState());
  if (state.status !== 'active') throw new Error('expected an active conversation');
  return messageOf(state, 'out1')!;
}

describe('Conversation decider: StartOutboundSend', () => {
  it('records the first attempt of a message waiting to be sent (ids and a time, no content)', () => {
    conversation.given([started, requested]).when(start()).then([sendStarted()]);
    conversation
      .given([started, requested])
      .when(start('2026-03-10T09:00:00-03:00'))
      .then([sendStarted('2026-03-10T12:00:00.000Z')]);
  });

  it('keeps the first attempt: a later start records nothing', () => {
    conversation.given([started, requested, sendStarted()]).when(start(LATER)).then([]);
    expect(messageAfter([started, requested, sendStarted(), sendStarted(LATER)]).sendStartedAt).toBe(AT);
  });

  it('records nothing for a message sent or failed already', () => {
    const sent: ConversationEvent = {
      type: 'OutboundMessageSent',
      data: { messageId: 'out1', providerMessageId: 'wa-out1' },
    };
    const failed: ConversationEvent = {
      type: 'OutboundMessageFailed',
      data: { messageId: 'out1', error: 'x' },
    };
    conversation.given([started, requested, sent]).when(start()).then([]);
    conversation.given([started, requested, failed]).when(start()).then([]);
  });

  it('refuses an unknown or inbound message, a missing conversation and an invalid time', () => {
    conversation.given([started, requested]).when(start(AT, 'nope')).thenThrows('MESSAGE_NOT_FOUND');
    conversation.given([started, inbound]).when(start(AT, 'in1')).thenThrows('MESSAGE_NOT_FOUND');
    conversation.given([]).when(start()).thenThrows('CONVERSATION_NOT_FOUND');
    conversation.given([started, requested]).when(start('ontem')).thenThrows('INVALID_TIMESTAMP');
  });
});

describe('unfinishedSendSince', () => {
  it('is the first attempt’s time while no outcome is recorded, then undefined', () => {
    expect(unfinishedSendSince(messageAfter([started, requested]))).toBeUndefined();
    expect(unfinishedSendSince(messageAfter([started, requested, sendStarted()]))).toBe(AT);
    const sent: ConversationEvent = {
      type: 'OutboundMessageSent',
      data: { messageId: 'out1', providerMessageId: 'wa-out1' },
    };
    expect(unfinishedSendSince(messageAfter([started, requested, sendStarted(), sent]))).toBeUndefined();
    const failed: ConversationEvent = {
      type: 'OutboundMessageFailed',
      data: { messageId: 'out1', error: 'x' },
    };
    expect(unfinishedSendSince(messageAfter([started, requested, sendStarted(), failed]))).toBeUndefined();
  });
});
