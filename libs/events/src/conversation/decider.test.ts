import { fold, type Decider } from '../core/decider.js';
import type { RawStoredEvent } from '../core/envelope.js';
import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { ConversationCommand } from './commands.js';
import type { ConversationState } from './decider.js';
import { conversationDecider } from './decider.js';
import type { ConversationEvent } from './events.js';
import { conversationEventDefinitions } from './events.js';
import { isStatusAdvance, normaliseMessageType } from './messages.js';
import {
  OPEN_MESSAGES_MAX,
  RECENT_MESSAGES,
  TRIM_SLACK,
  SEEN_PROVIDER_IDS,
  hashProviderId,
  messageOf,
} from './message-window.js';
import { entitlementAt, type ConversationAllowance, type PlanName } from '../workspace/plan.js';

const registry = new EventRegistry(conversationEventDefinitions);

/** The decider, checking every given and emitted event against its schema (unchanged by parsing). */
const validated: Decider<ConversationCommand, ConversationEvent, ConversationState> = {
  initialState: conversationDecider.initialState,
  decide: (command, state) =>
    conversationDecider.decide(command, state).map((event) => {
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
      return event;
    }),
  evolve: (state, event) => {
    expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
    return conversationDecider.evolve(state, event);
  },
};
const conversation = spec(validated);

const CHAT = '5511988887777@c.us';
const AT = '2026-03-10T12:00:00.000Z';
const TRIAL = { plan: null, trialStartedAt: '2026-03-08T00:00:00.000Z', trialDays: 7 };

/** The workspace's standing in March 2026: a running trial unless a plan or a later day is given. */
function allowance(
  conversationsThisMonth = 0,
  plan: PlanName | null = null,
  now = '2026-03-10T12:00:00.000Z',
): ConversationAllowance {
  return {
    entitlement: entitlementAt({ ...TRIAL, plan }, new Date(now)),
    month: '2026-03',
    conversationsThisMonth,
  };
}

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

function inbound(
  n: number,
  extra: Partial<Extract<ConversationEvent, { type: 'InboundMessageReceived' }>['data']> = {},
) {
  return {
    type: 'InboundMessageReceived',
    data: {
      messageId: `in${n}`,
      chatId: CHAT,
      sessionId: 's1',
      providerMessageId: `wa${n}`,
      content: `Olá ${n}`,
      type: 'text',
      mediaUrl: null,
      mediaStatus: 'none',
      senderName: 'Maria',
      senderPhone: '5511988887777',
      timestamp: AT,
      ...extra,
    },
  } satisfies ConversationEvent;
}

const receive = (
  data: Partial<Extract<ConversationCommand, { type: 'ReceiveInboundMessage' }>['data']> = {},
): ConversationCommand => ({
  type: 'ReceiveInboundMessage',
  data: {
    messageId: 'in1',
    chatId: CHAT,
    sessionId: 's1',
    providerMessageId: 'wa1',
    customerId: '+55 11 98888-7777',
    customerName: 'Maria',
    content: 'Olá 1',
    type: 'text',
    timestamp: AT,
    receivedAt: '2026-03-10T12:00:05.000Z',
    ...data,
  },
});

const requested = (messageId = 'out1', content = 'Bom dia!'): ConversationEvent => ({
  type: 'OutboundMessageRequested',
  data: { messageId, chatId: CHAT, sessionId: 's1', agentId: 'agent1', content, type: 'text', timestamp: AT },
});
const sent = (messageId = 'out1', providerMessageId = 'wa-out1'): ConversationEvent => ({
  type: 'OutboundMessageSent',
  data: { messageId, providerMessageId },
});
const delivery = (status: 'delivered' | 'read', messageId = 'out1'): ConversationEvent => ({
  type: 'MessageDeliveryUpdated',
  data: { messageId, status },
});

/** Runs commands one after another, each against the state the previous ones produced. */
function run(past: ConversationEvent[], commands: ConversationCommand[]) {
  let state = past.reduce(validated.evolve, validated.initialState());
  const emitted: ConversationEvent[][] = [];
  for (const command of commands) {
    const events = validated.decide(command, state);
    emitted.push(events);
    state = events.reduce(validated.evolve, state);
  }
  return { state, emitted };
}

function activeState(past: ConversationEvent[]) {
  const state = past.reduce(validated.evolve, validated.initialState());
  if (state.status !== 'active') throw new Error('expected an active conversation');
  return state;
}

describe('Conversation decider', () => {
  describe('ReceiveInboundMessage', () => {
    it('stores a conversation started beyond the monthly limit, marked over it (never loses it)', () => {
      const { emitted } = run([], [receive({ allowance: allowance(1000, 'starter') })]);
      expect(emitted[0]!.map((e) => e.type)).toEqual([
        'ConversationStarted',
        'ConversationOverPlanLimit',
        'InboundMessageReceived',
      ]);
      expect(emitted[0]![1]).toEqual({
        type: 'ConversationOverPlanLimit',
        data: { month: '2026-03', plan: 'starter', limit: 1000 },
      });
      // Within the limit, after the trial, or on Enterprise: no mark.
      for (const standing of [
        allowance(999, 'starter'),
        allowance(4999),
        allowance(1_000_000, 'enterprise'),
        allowance(0, null, '2026-04-01T00:00:00.000Z'),
      ]) {
        const events = run([], [receive({ allowance: standing })]).emitted[0]!;
        expect(events.map((e) => e.type)).toEqual(['ConversationStarted', 'InboundMessageReceived']);
      }
      // Only a new conversation is counted: later messages of it never are.
      conversation
        .given([started])
        .when(receive({ allowance: allowance(1000, 'starter') }))
        .then([inbound(1)]);
    });
    it('starts a new conversation, then records the message', () => {
      conversation
        .given([])
        .when(receive())
        .then([started, inbound(1)]);
    });
    it('only records the message in an existing conversation, with its defaults', () => {
      conversation
        .given([started])
        .when(
          receive({ messageId: 'in2', providerMessageId: 'wa2', content: 'Oi', customerName: 'Outro nome' }),
        )
        .then([inbound(2, { content: 'Oi' })]);
    });
    it('unarchives an archived conversation before the message', () => {
      conversation
        .given([started, { type: 'ConversationArchived', data: { byUserId: 'u1' } }])
        .when(receive())
        .then([{ type: 'ConversationUnarchived', data: {} }, inbound(1)]);
    });
    it('records a message delivered three times once', () => {
      const { emitted, state } = run([], [receive(), receive(), receive()]);
      expect(emitted.map((events) => events.length)).toEqual([2, 0, 0]);
      expect(state.status === 'active' && state.unreadCount).toBe(1);
    });
    it('ignores a provider id already seen, even under another session or message id', () => {
      conversation
        .given([started, inbound(1)])
        .when(receive({ sessionId: 's2', messageId: 'other' }))
        .then([]);
    });
    it('ignores the echo of a message we sent', () => {
      conversation
        .given([started, requested(), sent('out1', 'wa-out1')])
        .when(receive({ messageId: 'in9', providerMessageId: 'wa-out1' }))
        .then([]);
    });
    it('rejects a new provider message reusing one of our message ids', () => {
      conversation
        .given([started, inbound(1)])
        .when(receive({ providerMessageId: 'wa-new' }))
        .thenThrows('MESSAGE_ID_CONFLICT');
    });
    it('defaults the customer name to Contato and derives a group from @g.us', () => {
      conversation
        .given([])
        .when(
          receive({
            chatId: '120363025246125888@g.us',
            customerId: '120363025246125888',
            customerName: '  ',
            senderName: 'João',
            senderPhone: '55 21 97777-6666',
          }),
        )
        .then([
          {
            type: 'ConversationStarted',
            data: {
              chatId: '120363025246125888@g.us',
              sessionId: 's1',
              channel: 'whatsapp',
              customerId: '120363025246125888',
              customerName: 'Contato',
              type: 'group',
            },
          },
          inbound(1, { chatId: '120363025246125888@g.us', senderName: 'João', senderPhone: '5521977776666' }),
        ]);
    });
    it('takes the chat type when given and the customer id from the chat id when blank', () => {
      const [first] = validated.decide(
        receive({ customerId: '', chatType: 'group' }),
        validated.initialState(),
      );
      expect(first).toEqual({ ...started, data: { ...started.data, type: 'group' } });
    });
    it('rejects a chat without any customer number', () => {
      conversation
        .given([])
        .when(receive({ chatId: 'status@broadcast', customerId: 'abc' }))
        .thenThrows('CUSTOMER_INVALID');
    });
    it.each([
      ['image', 'image'],
      ['VIDEO', 'video'],
      ['ptt', 'audio'],
      ['sticker', 'image'],
      ['document', 'document'],
    ])('marks %j media with a URL as pending (type %j), content may be empty', (raw, type) => {
      conversation
        .given([started])
        .when(receive({ type: raw, content: '', mediaUrl: ' https://cdn.example/f ' }))
        .then([
          inbound(1, {
            type: type as 'image',
            content: '',
            mediaUrl: 'https://cdn.example/f',
            mediaStatus: 'pending',
          }),
        ]);
    });
    it('keeps media without a URL with mediaStatus none, and drops a URL on text', () => {
      conversation
        .given([started])
        .when(receive({ type: 'audio', content: '' }))
        .then([inbound(1, { type: 'audio', content: '' })]);
      conversation
        .given([started])
        .when(receive({ type: 'chat', mediaUrl: 'https://cdn.example/f' }))
        .then([inbound(1)]);
    });
    it('falls back to text for unknown types', () => {
      conversation
        .given([started])
        .when(receive({ type: 'location', content: 'Rua A, 1' }))
        .then([inbound(1, { content: 'Rua A, 1' })]);
    });
    it.each(['', '   \n', null])('rejects an empty text message (%j)', (content) => {
      conversation.given([started]).when(receive({ content })).thenThrows('MESSAGE_EMPTY', 'Mensagem vazia');
    });
    it('rejects an oversized media URL', () => {
      conversation
        .given([started])
        .when(receive({ type: 'image', mediaUrl: `https://x/${'a'.repeat(9000)}` }))
        .thenThrows('MEDIA_URL_INVALID');
    });
    it('normalises the timestamp to UTC and falls back to receivedAt when it is invalid', () => {
      conversation
        .given([started])
        .when(receive({ timestamp: '2026-03-10T09:00:00-03:00' }))
        .then([inbound(1)]);
      for (const timestamp of ['ontem', '2026-03-10 12:00', '', null, undefined]) {
        conversation
          .given([started])
          .when(receive({ timestamp }))
          .then([inbound(1, { timestamp: '2026-03-10T12:00:05.000Z' })]);
      }
    });
    it('rejects when neither timestamp is valid', () => {
      conversation
        .given([started])
        .when(receive({ timestamp: 'x', receivedAt: 'y' }))
        .thenThrows('INVALID_TIMESTAMP');
    });
    it('cuts inbound text beyond 65536 characters', () => {
      const [event] = validated.decide(receive({ content: 'a'.repeat(70000) }), activeState([started]));
      expect(event?.type === 'InboundMessageReceived' && event.data.content.length).toBe(65536);
    });
  });

  describe('RequestOutboundMessage', () => {
    const send = (
      data: Partial<Extract<ConversationCommand, { type: 'RequestOutboundMessage' }>['data']> = {},
    ): ConversationCommand => ({
      type: 'RequestOutboundMessage',
      data: {
        messageId: 'out1',
        agentId: 'agent1',
        content: '  Bom dia!  ',
        timestamp: AT,
        allowance: allowance(),
        ...data,
      },
    });
    it('requests a trimmed text message', () => {
      conversation.given([started]).when(send()).then([requested()]);
    });
    it("records the server's time when the browser's clock is more than 5 minutes off", () => {
      const at = (iso: string) =>
        ({ ...requested(), data: { ...requested().data, timestamp: iso } }) as ConversationEvent;
      const received = '2026-03-10T12:00:00.000Z';
      conversation
        .given([started])
        .when(send({ timestamp: '2026-03-10T12:04:59.000Z', receivedAt: received }))
        .then([at('2026-03-10T12:04:59.000Z')]);
      conversation
        .given([started])
        .when(send({ timestamp: '2026-03-10T12:05:01.000Z', receivedAt: received }))
        .then([at(received)]);
      conversation
        .given([started])
        .when(send({ timestamp: '1999-01-01T00:00:00.000Z', receivedAt: received }))
        .then([at(received)]);
    });
    it('refuses sending once the trial ended without a plan, and sends again on a plan', () => {
      const after = '2026-03-15T00:00:00.000Z';
      conversation
        .given([started])
        .when(send({ allowance: allowance(0, null, after) }))
        .thenThrows(
          'TRIAL_ENDED',
          'O período de teste terminou. Escolha um plano em Assinatura para voltar a enviar mensagens.',
        );
      conversation
        .given([started])
        .when(send({ allowance: allowance(0, 'starter', after) }))
        .then([requested()]);
    });
    it('refuses answering a conversation started over the limit while the plan is still exceeded', () => {
      const over: ConversationEvent = {
        type: 'ConversationOverPlanLimit',
        data: { month: '2026-03', plan: 'starter', limit: 1000 },
      };
      conversation
        .given([started, over, inbound(1)])
        .when(send({ allowance: allowance(1001, 'starter') }))
        .thenThrows('PLAN_LIMIT_CONVERSATIONS');
      // An upgrade that fits this month's conversations, or the next month, frees it.
      conversation
        .given([started, over, inbound(1)])
        .when(send({ allowance: allowance(1001, 'professional') }))
        .then([requested()]);
      conversation
        .given([started, over, inbound(1)])
        .when(send({ allowance: { ...allowance(1001, 'starter'), month: '2026-04' } }))
        .then([requested()]);
      // Conversations within the limit are answered as usual, however many others there are.
      conversation
        .given([started, inbound(1)])
        .when(send({ allowance: allowance(5000, 'starter') }))
        .then([requested()]);
    });
    it('makes nothing new when the browser retries the same messageId', () => {
      conversation.given([started, requested()]).when(send()).then([]);
      conversation
        .given([started, requested(), sent()])
        .when(send({ content: 'outra coisa' }))
        .then([]);
      const { emitted } = run([started], [send(), send(), send()]);
      expect(emitted.flat()).toEqual([requested()]);
    });
    it('rejects a message id used by an inbound message', () => {
      conversation
        .given([started, inbound(1)])
        .when(send({ messageId: 'in1' }))
        .thenThrows('MESSAGE_ID_CONFLICT');
    });
    it('requires the conversation', () => {
      conversation.given([]).when(send()).thenThrows('CONVERSATION_NOT_FOUND', 'Conversa não encontrada');
    });
    it.each(['', '  \n\t '])('rejects empty content (%j)', (content) => {
      conversation.given([started]).when(send({ content })).thenThrows('MESSAGE_EMPTY', 'Mensagem vazia');
    });
    describe('with a file the agent attached', () => {
      const media = {
        mediaUrl: '/api/media/s1/out-abc.png',
        mimeType: 'image/png',
        fileName: 'C:\\fotos\\recibo\u0007.png',
        size: 2048,
        sha256: 'a'.repeat(64),
      };
      const withMedia = (content: string, type: string, data: Record<string, unknown>): ConversationEvent =>
        ({
          ...requested('out1', content),
          data: { ...requested('out1', content).data, type, ...data },
        }) as ConversationEvent;
      it('requests a media message of the kind its detected type makes, caption optional, name made safe', () => {
        const recorded = {
          mediaUrl: media.mediaUrl,
          mimeType: 'image/png',
          fileName: 'recibo.png',
          mediaSize: 2048,
          mediaSha256: 'a'.repeat(64),
        };
        conversation
          .given([started])
          .when(send({ content: '  ', media }))
          .then([withMedia('', 'image', recorded)]);
        conversation
          .given([started])
          .when(send({ content: ' Segue o recibo ', type: 'text', media }))
          .then([withMedia('Segue o recibo', 'image', recorded)]);
        conversation
          .given([started])
          .when(send({ content: '', media: { ...media, mimeType: 'application/pdf', fileName: '' } }))
          .then([
            withMedia('', 'document', { ...recorded, mimeType: 'application/pdf', fileName: 'arquivo' }),
          ]);
      });
      it('refuses a type outside the allow-list and a file over 16 MB, whatever the caller checked', () => {
        conversation
          .given([started])
          .when(send({ media: { ...media, mimeType: 'text/html' } }))
          .thenThrows(
            'MEDIA_TYPE_NOT_ALLOWED',
            'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.',
          );
        conversation
          .given([started])
          .when(send({ media: { ...media, size: 16 * 1024 * 1024 + 1 } }))
          .thenThrows('MEDIA_TOO_LARGE', 'Arquivo maior que 16 MB');
      });
    });
    it('accepts 4096 characters and rejects 4097', () => {
      conversation
        .given([started])
        .when(send({ content: 'a'.repeat(4096) }))
        .then([requested('out1', 'a'.repeat(4096))]);
      conversation
        .given([started])
        .when(send({ content: 'a'.repeat(4097) }))
        .thenThrows('MESSAGE_TOO_LONG');
    });
    it('normalises the type, the session and the timestamp', () => {
      const s2 = inbound(1, { sessionId: 's2' });
      conversation
        .given([started, s2])
        .when(send({ type: 'whatever', timestamp: 'agora', receivedAt: '2026-03-10T12:00:09Z' }))
        .then([
          {
            type: 'OutboundMessageRequested',
            data: {
              messageId: 'out1',
              chatId: CHAT,
              sessionId: 's2',
              agentId: 'agent1',
              content: 'Bom dia!',
              type: 'text',
              timestamp: '2026-03-10T12:00:09.000Z',
            },
          },
        ]);
      conversation
        .given([started])
        .when(send({ timestamp: 'agora' }))
        .thenThrows('INVALID_TIMESTAMP');
    });
  });

  describe('MarkOutboundSent', () => {
    it('records the provider id once', () => {
      const cmd: ConversationCommand = {
        type: 'MarkOutboundSent',
        data: { messageId: 'out1', providerMessageId: 'wa-out1' },
      };
      conversation.given([started, requested()]).when(cmd).then([sent()]);
      conversation.given([started, requested(), sent()]).when(cmd).then([]);
    });
    it('still records it after the message was marked failed', () => {
      conversation
        .given([
          started,
          requested(),
          { type: 'OutboundMessageFailed', data: { messageId: 'out1', error: 'x' } },
        ])
        .when({ type: 'MarkOutboundSent', data: { messageId: 'out1', providerMessageId: 'wa-out1' } })
        .then([sent()]);
    });
    it.each(['nope', 'in1'])('rejects an unknown or inbound message (%j)', (messageId) => {
      conversation
        .given([started, inbound(1)])
        .when({ type: 'MarkOutboundSent', data: { messageId, providerMessageId: 'p' } })
        .thenThrows('MESSAGE_NOT_FOUND', 'Mensagem não encontrada');
    });
  });

  describe('UpdateDelivery', () => {
    const ack = (status: 'delivered' | 'read', messageId = 'out1'): ConversationCommand => ({
      type: 'UpdateDelivery',
      data: { messageId, status },
    });
    it('advances sent → delivered → read', () => {
      conversation
        .given([started, requested(), sent()])
        .when(ack('delivered'))
        .then([delivery('delivered')]);
      conversation
        .given([started, requested(), sent(), delivery('delivered')])
        .when(ack('read'))
        .then([delivery('read')]);
      conversation
        .given([started, requested(), sent()])
        .when(ack('read'))
        .then([delivery('read')]);
    });
    it('never goes backwards or repeats', () => {
      conversation
        .given([started, requested(), sent(), delivery('read')])
        .when(ack('delivered'))
        .then([]);
      conversation
        .given([started, requested(), sent(), delivery('read')])
        .when(ack('read'))
        .then([]);
      conversation
        .given([started, requested(), sent(), delivery('delivered')])
        .when(ack('delivered'))
        .then([]);
    });
    it('advances a message not sent yet (or marked failed), and keeps the status when Sent arrives later', () => {
      conversation
        .given([started, requested()])
        .when(ack('delivered'))
        .then([delivery('delivered')]);
      conversation
        .given([
          started,
          requested(),
          { type: 'OutboundMessageFailed', data: { messageId: 'out1', error: 'x' } },
        ])
        .when(ack('read'))
        .then([delivery('read')]);
      const state = activeState([started, requested(), delivery('delivered'), sent()]);
      expect(messageOf(state, 'out1')).toEqual({
        id: 'out1',
        direction: 'outbound',
        status: 'delivered',
        providerMessageId: 'wa-out1',
        mediaStatus: 'none',
        mediaAttempt: 0,
      });
      conversation
        .given([started, requested(), delivery('delivered'), sent()])
        .when(ack('delivered'))
        .then([]);
    });
    it('rejects unknown and inbound messages', () => {
      conversation
        .given([started, inbound(1)])
        .when(ack('read', 'x'))
        .thenThrows('MESSAGE_NOT_FOUND');
      conversation
        .given([started, inbound(1)])
        .when(ack('read', 'in1'))
        .thenThrows('MESSAGE_NOT_FOUND');
      conversation.given([]).when(ack('read')).thenThrows('CONVERSATION_NOT_FOUND');
    });
    it('maps a provider id to our message id', () => {
      const byProvider = (providerMessageId: string, status: 'delivered' | 'read'): ConversationCommand => ({
        type: 'UpdateDeliveryByProviderId',
        data: { providerMessageId, status },
      });
      conversation
        .given([started, requested(), sent()])
        .when(byProvider('wa-out1', 'read'))
        .then([delivery('read')]);
      conversation
        .given([started, requested(), sent(), delivery('read')])
        .when(byProvider('wa-out1', 'read'))
        .then([]);
      conversation
        .given([started, requested()])
        .when(byProvider('wa-out1', 'read'))
        .thenThrows('MESSAGE_NOT_FOUND');
      conversation
        .given([started, inbound(1)])
        .when(byProvider('wa1', 'read'))
        .thenThrows('MESSAGE_NOT_FOUND');
    });
  });

  describe('MarkOutboundFailed', () => {
    const fail = (error = ' timeout '): ConversationCommand => ({
      type: 'MarkOutboundFailed',
      data: { messageId: 'out1', error },
    });
    const failed = (error: string): ConversationEvent => ({
      type: 'OutboundMessageFailed',
      data: { messageId: 'out1', error },
    });
    it('fails a requested message, with the spec text when no error is given', () => {
      conversation
        .given([started, requested()])
        .when(fail())
        .then([failed('timeout')]);
      conversation
        .given([started, requested()])
        .when(fail('  '))
        .then([failed('Erro ao enviar mensagem')]);
    });
    it('changes nothing once sent, delivered or failed', () => {
      conversation.given([started, requested(), sent()]).when(fail()).then([]);
      conversation
        .given([started, requested(), delivery('delivered')])
        .when(fail())
        .then([]);
      conversation
        .given([started, requested(), failed('x')])
        .when(fail())
        .then([]);
    });
    it('rejects an unknown message', () => {
      conversation.given([started]).when(fail()).thenThrows('MESSAGE_NOT_FOUND');
    });
  });

  describe('media', () => {
    const media = inbound(1, {
      type: 'image',
      content: '',
      mediaUrl: 'https://cdn/p',
      mediaStatus: 'pending',
    });
    const stored: ConversationEvent = {
      type: 'MessageMediaStored',
      data: { messageId: 'in1', mediaUrl: '/media/in1.jpg' },
    };
    const mediaFailed: ConversationEvent = {
      type: 'MessageMediaFailed',
      data: { messageId: 'in1', error: '404', attempt: 0 },
    };
    const store: ConversationCommand = {
      type: 'RecordMediaStored',
      data: { messageId: 'in1', mediaUrl: ' /media/in1.jpg ' },
    };
    const fail: ConversationCommand = { type: 'RecordMediaFailed', data: { messageId: 'in1', error: '404' } };
    it('stores once', () => {
      conversation.given([started, media]).when(store).then([stored]);
      conversation.given([started, media, stored]).when(store).then([]);
    });
    it('stores after a failure (a retry worked), never fails after storing, fails once', () => {
      conversation.given([started, media, mediaFailed]).when(store).then([stored]);
      conversation.given([started, media]).when(fail).then([mediaFailed]);
      conversation.given([started, media, stored]).when(fail).then([]);
      conversation.given([started, media, mediaFailed]).when(fail).then([]);
      conversation
        .given([started, media])
        .when({ type: 'RecordMediaFailed', data: { messageId: 'in1', error: '' } })
        .then([
          {
            type: 'MessageMediaFailed',
            data: { messageId: 'in1', error: 'Erro ao baixar mídia', attempt: 0 },
          },
        ]);
    });
    const retry: ConversationCommand = { type: 'RetryMedia', data: { messageId: 'in1', byUserId: 'agent1' } };
    const retried = (attempt: number): ConversationEvent => ({
      type: 'MessageMediaRetryRequested',
      data: { messageId: 'in1', sessionId: 's1', providerMessageId: 'wa1', attempt, byUserId: 'agent1' },
    });
    it('retries a failed or pending download with a new attempt number; a stored one needs none', () => {
      conversation
        .given([started, media, mediaFailed])
        .when(retry)
        .then([retried(1)]);
      conversation
        .given([started, media])
        .when(retry)
        .then([retried(1)]);
      conversation
        .given([started, media, mediaFailed, retried(1)])
        .when(retry)
        .then([retried(2)]);
      conversation.given([started, media, stored]).when(retry).then([]);
    });
    it('lets a retried download fail again (a new fact) or be stored', () => {
      conversation
        .given([started, media, mediaFailed, retried(1)])
        .when(fail)
        .then([{ type: 'MessageMediaFailed', data: { messageId: 'in1', error: '404', attempt: 1 } }]);
      conversation
        .given([started, media, mediaFailed, retried(1)])
        .when(store)
        .then([stored]);
    });
    it('refuses to retry a message without media, an outbound one or an unknown one', () => {
      conversation
        .given([started, inbound(1)])
        .when(retry)
        .thenThrows('MESSAGE_HAS_NO_MEDIA');
      conversation
        .given([started, requested()])
        .when({ type: 'RetryMedia', data: { messageId: 'out1', byUserId: 'agent1' } })
        .thenThrows('MESSAGE_HAS_NO_MEDIA');
      conversation.given([started]).when(retry).thenThrows('MESSAGE_NOT_FOUND');
    });
    it('rejects a blank URL and an unknown message', () => {
      conversation
        .given([started, media])
        .when({ type: 'RecordMediaStored', data: { messageId: 'in1', mediaUrl: ' ' } })
        .thenThrows('MEDIA_URL_INVALID');
      conversation
        .given([started])
        .when({ ...store, data: { ...store.data, messageId: 'x' } })
        .thenThrows('MESSAGE_NOT_FOUND');
      conversation.given([started]).when(fail).thenThrows('MESSAGE_NOT_FOUND');
    });
  });

  describe('MarkConversationRead', () => {
    const read: ConversationCommand = { type: 'MarkConversationRead', data: { readerId: 'agent1' } };
    it('reads every unread inbound message up to the last one', () => {
      conversation
        .given([started, inbound(1), requested(), inbound(2), inbound(3)])
        .when(read)
        .then([{ type: 'ConversationRead', data: { readerId: 'agent1', upToMessageId: 'in3', count: 3 } }]);
    });
    it('counts only what arrived since the last read; nothing unread → nothing', () => {
      const readEvent: ConversationEvent = {
        type: 'ConversationRead',
        data: { readerId: 'agent1', upToMessageId: 'in1', count: 1 },
      };
      conversation.given([started]).when(read).then([]);
      conversation
        .given([started, inbound(1), readEvent])
        .when(read)
        .then([]);
      conversation
        .given([started, inbound(1), readEvent, inbound(2)])
        .when(read)
        .then([{ type: 'ConversationRead', data: { readerId: 'agent1', upToMessageId: 'in2', count: 1 } }]);
    });
  });

  describe('pin, archive, assign, transfer, rate', () => {
    const pinned: ConversationEvent = { type: 'ConversationPinned', data: {} };
    const archived: ConversationEvent = { type: 'ConversationArchived', data: { byUserId: 'u1' } };
    const assigned: ConversationEvent = {
      type: 'ConversationAssigned',
      data: { assigneeId: 'a1', byUserId: 'u1' },
    };
    it('pins and unpins idempotently', () => {
      conversation.given([started]).when({ type: 'PinConversation', data: {} }).then([pinned]);
      conversation.given([started, pinned]).when({ type: 'PinConversation', data: {} }).then([]);
      conversation
        .given([started, pinned])
        .when({ type: 'UnpinConversation', data: {} })
        .then([{ type: 'ConversationUnpinned', data: {} }]);
      conversation.given([started]).when({ type: 'UnpinConversation', data: {} }).then([]);
    });
    it('archives and unarchives idempotently', () => {
      conversation
        .given([started])
        .when({ type: 'ArchiveConversation', data: { byUserId: 'u1' } })
        .then([archived]);
      conversation
        .given([started, archived])
        .when({ type: 'ArchiveConversation', data: { byUserId: 'u2' } })
        .then([]);
      conversation
        .given([started, archived])
        .when({ type: 'UnarchiveConversation', data: {} })
        .then([{ type: 'ConversationUnarchived', data: {} }]);
      conversation.given([started]).when({ type: 'UnarchiveConversation', data: {} }).then([]);
    });
    it('assigns unless already assigned to that person', () => {
      conversation
        .given([started])
        .when({ type: 'AssignConversation', data: { assigneeId: 'a1', byUserId: 'u1' } })
        .then([assigned]);
      conversation
        .given([started, assigned])
        .when({ type: 'AssignConversation', data: { assigneeId: 'a1', byUserId: 'u2' } })
        .then([]);
    });
    it('transfers from the current assignee', () => {
      conversation
        .given([started, assigned])
        .when({ type: 'TransferConversation', data: { toAssigneeId: 'a2', byUserId: 'u1' } })
        .then([
          {
            type: 'ConversationTransferred',
            data: { fromAssigneeId: 'a1', toAssigneeId: 'a2', byUserId: 'u1' },
          },
        ]);
      conversation
        .given([started])
        .when({ type: 'TransferConversation', data: { toAssigneeId: 'a2', byUserId: 'u1' } })
        .then([
          {
            type: 'ConversationTransferred',
            data: { fromAssigneeId: null, toAssigneeId: 'a2', byUserId: 'u1' },
          },
        ]);
      conversation
        .given([started, assigned])
        .when({ type: 'TransferConversation', data: { toAssigneeId: 'a1', byUserId: 'u1' } })
        .then([]);
    });
    it('rates 1 to 5, once per value', () => {
      conversation
        .given([started])
        .when({ type: 'RateConversation', data: { rating: 5, byUserId: 'u1' } })
        .then([{ type: 'ConversationRated', data: { rating: 5, byUserId: 'u1' } }]);
      conversation
        .given([started, { type: 'ConversationRated', data: { rating: 5, byUserId: 'u1' } }])
        .when({ type: 'RateConversation', data: { rating: 5, byUserId: 'u2' } })
        .then([]);
    });
    it.each([0, 6, 3.5, Number.NaN])('rejects rating %p', (rating) => {
      conversation
        .given([started])
        .when({ type: 'RateConversation', data: { rating, byUserId: 'u1' } })
        .thenThrows('RATING_INVALID', 'A avaliação deve ser de 1 a 5');
    });
    it.each<ConversationCommand>([
      { type: 'MarkConversationRead', data: { readerId: 'u1' } },
      { type: 'PinConversation', data: {} },
      { type: 'UnpinConversation', data: {} },
      { type: 'ArchiveConversation', data: { byUserId: 'u1' } },
      { type: 'UnarchiveConversation', data: {} },
      { type: 'AssignConversation', data: { assigneeId: 'a1', byUserId: 'u1' } },
      { type: 'TransferConversation', data: { toAssigneeId: 'a1', byUserId: 'u1' } },
      { type: 'RateConversation', data: { rating: 3, byUserId: 'u1' } },
      { type: 'MarkOutboundSent', data: { messageId: 'm', providerMessageId: 'p' } },
      { type: 'MarkOutboundFailed', data: { messageId: 'm', error: 'e' } },
      { type: 'RecordMediaStored', data: { messageId: 'm', mediaUrl: '/u' } },
      { type: 'RecordMediaFailed', data: { messageId: 'm', error: 'e' } },
      { type: 'UpdateDeliveryByProviderId', data: { providerMessageId: 'p', status: 'read' } },
    ])('$type needs an existing conversation', (command) => {
      conversation.given([]).when(command).thenThrows('CONVERSATION_NOT_FOUND', 'Conversa não encontrada');
    });
  });

  describe('state', () => {
    /** Every kind of change a conversation's state records. */
    const history: ConversationEvent[] = [
      started,
      inbound(1, {
        sessionId: 's2',
        type: 'image',
        content: '',
        mediaUrl: 'https://x',
        mediaStatus: 'pending',
      }),
      { type: 'MessageMediaStored', data: { messageId: 'in1', mediaUrl: '/m/1' } },
      requested(),
      sent(),
      { type: 'ConversationPinned', data: {} },
      { type: 'ConversationAssigned', data: { assigneeId: 'a1', byUserId: 'u1' } },
      {
        type: 'ConversationTransferred',
        data: { fromAssigneeId: 'a1', toAssigneeId: 'a2', byUserId: 'u1' },
      },
      { type: 'ConversationRated', data: { rating: 4, byUserId: 'u1' } },
    ];

    it('folds a conversation', () => {
      const state = activeState(history);
      expect(state).toEqual({
        status: 'active',
        chatId: CHAT,
        sessionId: 's2',
        customerId: '5511988887777',
        customerName: 'Maria',
        address: CHAT,
        type: 'private',
        isPinned: true,
        isArchived: false,
        assigneeId: 'a2',
        rating: 4,
        unreadCount: 1,
        overLimitMonth: null,
        lastInboundMessageId: 'in1',
        messages: [
          {
            id: 'in1',
            direction: 'inbound',
            status: 'delivered',
            providerMessageId: 'wa1',
            mediaStatus: 'stored',
            mediaAttempt: 0,
          },
          {
            id: 'out1',
            direction: 'outbound',
            status: 'sent',
            providerMessageId: 'wa-out1',
            mediaStatus: 'none',
            mediaAttempt: 0,
          },
        ],
        seenProviderIds: [hashProviderId('wa1'), hashProviderId('wa-out1')],
      });
    });
    it('folds the same state from a stream whose messages are still sealed (readsSealedOf)', () => {
      const readsSealedOf = conversationDecider.readsSealedOf!;
      const stillSealed = history.map((event) => {
        const fields = registry.definition(event.type).sealed?.fields ?? [];
        if (readsSealedOf.has(event.type) || fields.length === 0) return event;
        const data = Object.fromEntries(
          Object.entries(event.data).filter(([field]) => !fields.includes(field)),
        );
        return {
          ...event,
          data: { ...data, $sealed: { k: 'key', c: 'ciphertext' } },
        } as unknown as ConversationEvent;
      });
      expect(stillSealed.filter((e, i) => e !== history[i]).length).toBeGreaterThan(1);
      const plain = fold(conversationDecider, history);
      expect(fold(conversationDecider, stillSealed)).toEqual(plain);
    });
    it('never changes an earlier state', () => {
      const before = activeState([started, inbound(1)]);
      const after = conversationDecider.evolve(before, inbound(2));
      expect(messageOf(before, 'in2')).toBeUndefined();
      expect(before.unreadCount).toBe(1);
      expect(after.status === 'active' && messageOf(after, 'in2')?.id).toBe('in2');
    });
    it('recognises recent re-deliveries in a long conversation, and acks of its open sends (MessageWindow)', () => {
      const events: ConversationEvent[] = [started, requested('o1'), sent('o1', 'wa-o1')];
      for (let i = 0; i < 100; i += 1) events.push(inbound(i));
      const state = activeState(events);
      expect(messageOf(state, 'in0')).toBeUndefined(); // settled, and further back than the window
      // A backfill delivers an old message again: recognised by its provider id's hash.
      expect(
        conversationDecider.decide(receive({ messageId: 'in0', providerMessageId: 'wa0' }), state),
      ).toEqual([]);
      // The send 100 messages back is still open: its read ack finds it.
      expect(
        conversationDecider.decide(
          { type: 'UpdateDeliveryByProviderId', data: { providerMessageId: 'wa-o1', status: 'read' } },
          state,
        ),
      ).toEqual([delivery('read', 'o1')]);
      // A settled message older than the window is unknown to the state now.
      const read = activeState([...events.slice(0, 3), delivery('read', 'o1'), ...events.slice(3)]);
      expect(() =>
        conversationDecider.decide(
          { type: 'UpdateDelivery', data: { messageId: 'o1', status: 'read' } },
          read,
        ),
      ).toThrow(expect.objectContaining({ code: 'MESSAGE_NOT_FOUND' }));
    });
    it('folds a long conversation into a state of bounded size', () => {
      const events: ConversationEvent[] = [started];
      for (let i = 0; i < 5000; i += 1) events.push(inbound(i), requested(`o${i}`), sent(`o${i}`, `wo${i}`));
      const state = activeState(events);
      // Sent and not yet delivered or read: open, so 64 of them are kept beside the latest 16.
      expect(state.messages.length).toBeLessThanOrEqual(RECENT_MESSAGES + TRIM_SLACK + OPEN_MESSAGES_MAX);
      expect(state.seenProviderIds).toHaveLength(SEEN_PROVIDER_IDS);
      expect(conversationDecider.weigh!(state)).toBeLessThan(60);
      expect(
        conversationDecider.decide(receive({ messageId: 'x', providerMessageId: 'wo4999' }), state),
      ).toEqual([]);
    });
  });
});

describe('conversation events in the registry', () => {
  const raw = (type: string, data: unknown, schemaVersion: number): RawStoredEvent => ({
    type,
    data,
    metadata: {
      eventId: '0b7e0c7e-8f7c-4c1e-9d38-3f7f3c1d2a10',
      workspaceId: 'w1',
      occurredAt: '2026-01-01T00:00:00.000Z',
      schemaVersion,
    },
    streamId: 'conversation-w1-x',
    streamPosition: 0,
    globalPosition: 1,
  });
  const v1 = {
    chatId: CHAT,
    sessionId: 's1',
    channel: 'whatsapp',
    customerId: '5511988887777',
    customerName: 'Maria',
  };

  it('upcasts ConversationStarted v1 to v2, deriving the chat type', () => {
    const privateChat = registry.parse(raw('ConversationStarted', v1, 1));
    expect(privateChat.data).toEqual({ ...v1, type: 'private' });
    expect(privateChat.metadata.schemaVersion).toBe(2);
    const group = registry.parse(
      raw('ConversationStarted', { ...v1, chatId: '1203630@g.us', customerId: '1203630' }, 1),
    );
    expect(group.data).toEqual({ ...v1, chatId: '1203630@g.us', customerId: '1203630', type: 'group' });
  });
  it('reads v2 as is and refuses v2 without a type', () => {
    expect(registry.parse(raw('ConversationStarted', started.data, 2)).data).toEqual(started.data);
    expect(() => registry.parse(raw('ConversationStarted', v1, 2))).toThrow(
      'Invalid event ConversationStarted',
    );
  });
  it('writes new ConversationStarted events as version 2', () => {
    expect(registry.prepare(started, { workspaceId: 'w1' }).metadata.schemaVersion).toBe(2);
  });
  it('derives the inbound event id from session and provider message id, per workspace', () => {
    const id = (event: ConversationEvent, workspaceId = 'w1') =>
      registry.prepare(event, { workspaceId }).metadata.eventId;
    const first = id(inbound(1));
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      id(inbound(1, { messageId: 'another', content: 'again', timestamp: '2026-03-11T00:00:00.000Z' })),
    ).toBe(first);
    expect(id(inbound(1), 'w2')).not.toBe(first);
    expect(id(inbound(2))).not.toBe(first);
    expect(id(inbound(1, { sessionId: 's2' }))).not.toBe(first);
  });
  it('derives outbound, sent, ack and failure ids from our message id', () => {
    const id = (event: ConversationEvent) => registry.prepare(event, { workspaceId: 'w1' }).metadata.eventId;
    expect(id(requested('out1', 'a'))).toBe(id(requested('out1', 'b')));
    expect(id(requested('out1'))).not.toBe(id(requested('out2')));
    expect(id(sent('out1', 'p1'))).toBe(id(sent('out1', 'p2')));
    expect(id(delivery('read'))).toBe(id(delivery('read')));
    expect(id(delivery('read'))).not.toBe(id(delivery('delivered')));
    // Facts without a business identity get a fresh id each time.
    const pin: ConversationEvent = { type: 'ConversationPinned', data: {} };
    expect(id(pin)).not.toBe(id(pin));
  });
});

describe('message helpers', () => {
  it('normalises message types', () => {
    expect(normaliseMessageType('image')).toBe('image');
    expect(normaliseMessageType(' Document ')).toBe('document');
    expect(normaliseMessageType('chat')).toBe('text');
    expect(normaliseMessageType('ptt')).toBe('audio');
    expect(normaliseMessageType('poll')).toBe('text');
    expect(normaliseMessageType(undefined)).toBe('text');
    expect(normaliseMessageType(42)).toBe('text');
  });
  it('orders delivery statuses', () => {
    expect(isStatusAdvance('sent', 'delivered')).toBe(true);
    expect(isStatusAdvance('delivered', 'read')).toBe(true);
    expect(isStatusAdvance('sent', 'read')).toBe(true);
    expect(isStatusAdvance('read', 'delivered')).toBe(false);
    expect(isStatusAdvance('delivered', 'delivered')).toBe(false);
    expect(isStatusAdvance('delivered', 'sent')).toBe(false);
    expect(isStatusAdvance('requested', 'sent')).toBe(true);
    expect(isStatusAdvance('failed', 'delivered')).toBe(true);
  });

  describe('EraseContactData (LGPD)', () => {
    const erased: ConversationEvent = { type: 'ContactDataErased', data: { byUserId: 'owner' } };
    it("records the erasure of an existing conversation's customer", () => {
      conversation
        .given([started, inbound(1)])
        .when({ type: 'EraseContactData', data: { byUserId: 'owner' } })
        .then([erased]);
      conversation
        .given([])
        .when({ type: 'EraseContactData', data: { byUserId: 'owner' } })
        .thenThrows('CONVERSATION_NOT_FOUND', 'Conversa não encontrada');
    });
    it('sends to the address of the latest start: the one before an erasure is forgotten', () => {
      const withLid = (address: string): ConversationEvent =>
        ({
          ...started,
          data: { ...(started.data as object), address },
        }) as ConversationEvent;
      expect(activeState([started, inbound(1)]).address).toBe(CHAT); // no other address given
      expect(activeState([withLid('1234567890@lid'), inbound(1)]).address).toBe('1234567890@lid');
      const again = activeState([withLid('1234567890@lid'), inbound(1), erased, withLid('999@lid')]);
      expect(again.address).toBe('999@lid');
    });
    it('starts afresh when the same phone writes again, as if it never had', () => {
      const fresh = run([], [receive()]).emitted;
      expect(fresh[0]!.map((e) => e.type)).toEqual(['ConversationStarted', 'InboundMessageReceived']);
      expect(run([started, inbound(1), erased], [receive()]).emitted).toEqual(fresh);
      conversation
        .given([started, inbound(1), erased])
        .when({ type: 'EraseContactData', data: { byUserId: 'owner' } })
        .thenThrows('CONVERSATION_NOT_FOUND', 'Conversa não encontrada');
    });
  });
});
