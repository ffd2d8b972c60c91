import { spec } from '../testing/given-when-then.js';
import { conversationDecider } from './decider.js';
import type { ConversationEvent } from './events.js';
import { providerIdWithoutAddress } from './provider-message-id.js';

const CHAT = '5511955554444@c.us';
const AT = '2026-03-10T12:00:00.000Z';
/** How whatsapp-web.js ids were recorded before issue 26: the chat (and participant) included. */
const OLD_IN = `false_${CHAT}_3EB0C767D26A1F8E`;
const OLD_OUT = `true_${CHAT}_3EB0AAAA11112222`;
const conversation = spec(conversationDecider);

const started: ConversationEvent = {
  type: 'ConversationStarted',
  data: {
    chatId: 'ct_x',
    sessionId: 's1',
    channel: 'whatsapp',
    customerId: '5511955554444',
    customerName: 'Maria',
    type: 'private',
    address: CHAT,
  },
};
const oldInbound: ConversationEvent = {
  type: 'InboundMessageReceived',
  data: {
    messageId: 'in1',
    chatId: 'ct_x',
    sessionId: 's1',
    providerMessageId: OLD_IN,
    content: 'Oi',
    type: 'text',
    mediaUrl: null,
    mediaStatus: 'none',
    senderName: 'Maria',
    senderPhone: '5511955554444',
    timestamp: AT,
  },
};
const oldSent: ConversationEvent[] = [
  {
    type: 'OutboundMessageRequested',
    data: {
      messageId: 'out1',
      chatId: 'ct_x',
      sessionId: 's1',
      agentId: 'a1',
      content: 'Olá',
      type: 'text',
      timestamp: AT,
    },
  },
  { type: 'OutboundMessageSent', data: { messageId: 'out1', providerMessageId: OLD_OUT } },
];

describe('providerIdWithoutAddress', () => {
  it('drops the chat and the participant of a whatsapp-web.js serialized id', () => {
    expect(providerIdWithoutAddress(OLD_IN)).toBe('false_3EB0C767D26A1F8E');
    expect(providerIdWithoutAddress('true_5511955554444@c.us_3EB0AB')).toBe('true_3EB0AB');
    expect(providerIdWithoutAddress('false_120363025@g.us_3EB0CD_5511955554444@c.us')).toBe('false_3EB0CD');
    expect(providerIdWithoutAddress('false_120363025@g.us_3EB0CD_98765432101234@lid')).toBe('false_3EB0CD');
  });

  it('keeps any other id as it is', () => {
    for (const id of [
      'false_3EB0CD',
      'true_3EB0CD',
      'wa1',
      'c0ffee00-0000-4000-8000-000000000000',
      'a_b@c',
    ]) {
      expect(providerIdWithoutAddress(id)).toBe(id);
    }
  });
});

describe('a conversation recorded with whole whatsapp-web.js ids (before issue 26)', () => {
  it('takes the same message, now reported without its address (a backfill), as already stored', () => {
    conversation
      .given([started, oldInbound])
      .when({
        type: 'ReceiveInboundMessage',
        data: {
          messageId: 'in-new-id',
          chatId: 'ct_x',
          sessionId: 's1',
          providerMessageId: 'false_3EB0C767D26A1F8E',
          customerId: '5511955554444',
          content: 'Oi',
          receivedAt: AT,
        },
      })
      .then([]);
  });

  it('applies an ack reported without the address to the message sent with it', () => {
    conversation
      .given([started, ...oldSent])
      .when({
        type: 'UpdateDeliveryByProviderId',
        data: { providerMessageId: 'true_3EB0AAAA11112222', status: 'read' },
      })
      .then([{ type: 'MessageDeliveryUpdated', data: { messageId: 'out1', status: 'read' } }]);
    conversation
      .given([started, ...oldSent])
      .when({ type: 'UpdateDeliveryByProviderId', data: { providerMessageId: OLD_OUT, status: 'delivered' } })
      .then([{ type: 'MessageDeliveryUpdated', data: { messageId: 'out1', status: 'delivered' } }]);
  });

  it('still tells apart messages whose own ids differ', () => {
    conversation
      .given([started, ...oldSent])
      .when({
        type: 'UpdateDeliveryByProviderId',
        data: { providerMessageId: 'true_3EB0FFFF', status: 'read' },
      })
      .thenThrows('MESSAGE_NOT_FOUND');
  });
});
