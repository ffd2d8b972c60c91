/**
 * The conversations of the generated workload (generate-workload.ts): what each chat has had so far,
 * and the next thing that happens in one: inbound and outbound messages, provider acks, reads, pins,
 * assignments, archives and ratings.
 */
import { streams } from '@atende/events';
import {
  AGENT_TEXTS,
  CUSTOMER_TEXTS,
  FIRST_NAMES,
  type GeneratedEvent,
  type WorkloadContext,
} from './workload-context.js';

export interface Chat {
  chatId: string;
  started: boolean;
  inbound: number;
  outbound: string[];
  sent: string[];
  acked: Map<string, 'delivered' | 'read'>;
  unread: number;
  assignee: string | null;
  archived: boolean;
  pinned: boolean;
}

export function newChats(count: number): Chat[] {
  return Array.from({ length: count }, (_, i) => ({
    chatId: `55${String(11900000000 + i)}@c.us`,
    started: false,
    inbound: 0,
    outbound: [],
    sent: [],
    acked: new Map(),
    unread: 0,
    assignee: null,
    archived: false,
    pinned: false,
  }));
}

/** What happens next in one chat, as its state allows (nothing when the roll finds nothing to do). */
export function* conversationActivity(w: WorkloadContext, chat: Chat): Generator<GeneratedEvent> {
  const { ws, agents, random, pick, iso, nextSeq, emit } = w;
  const stream = streams.conversation(ws, chat.chatId);
  const phone = chat.chatId.split('@')[0]!;
  const roll = random();
  if (!chat.started || roll < 0.45) {
    if (!chat.started) {
      chat.started = true;
      yield* emit(stream, {
        type: 'ConversationStarted',
        data: {
          chatId: chat.chatId,
          sessionId: 'bench-session',
          channel: 'whatsapp',
          customerId: phone,
          customerName: `${pick(FIRST_NAMES)} ${phone.slice(-4)}`,
          type: 'private',
        },
      });
    }
    if (chat.archived) {
      chat.archived = false;
      yield* emit(stream, { type: 'ConversationUnarchived', data: {} });
    }
    const seq = nextSeq();
    chat.inbound += 1;
    chat.unread += 1;
    const media = random() < 0.1;
    yield* emit(stream, {
      type: 'InboundMessageReceived',
      data: {
        messageId: `in-${seq}`,
        chatId: chat.chatId,
        sessionId: 'bench-session',
        providerMessageId: `wamid-${seq}`,
        content: media ? '' : pick(CUSTOMER_TEXTS),
        type: media ? 'image' : 'text',
        mediaUrl: media ? `https://media.example/${seq}.jpg` : null,
        mediaStatus: media ? 'pending' : 'none',
        senderName: 'Cliente',
        senderPhone: phone,
        timestamp: iso(),
      },
    });
  } else if (roll < 0.65) {
    const seq = nextSeq();
    const agent = chat.assignee ?? pick(agents);
    const messageId = `out-${seq}`;
    chat.outbound.push(messageId);
    yield* emit(
      stream,
      {
        type: 'OutboundMessageRequested',
        data: {
          messageId,
          chatId: chat.chatId,
          sessionId: 'bench-session',
          agentId: agent,
          content: pick(AGENT_TEXTS),
          type: 'text',
          timestamp: iso(),
        },
      },
      agent,
    );
  } else if (roll < 0.8) {
    const messageId = chat.outbound.shift();
    if (!messageId) return;
    chat.sent.push(messageId);
    yield* emit(stream, {
      type: 'OutboundMessageSent',
      data: { messageId, providerMessageId: `wamid-out-${messageId}` },
    });
  } else if (roll < 0.92) {
    const messageId = chat.sent[Math.floor(random() * chat.sent.length)];
    if (!messageId) return;
    const current = chat.acked.get(messageId);
    if (current === 'read') return;
    const status = current === 'delivered' ? 'read' : 'delivered';
    chat.acked.set(messageId, status);
    yield* emit(stream, { type: 'MessageDeliveryUpdated', data: { messageId, status } });
  } else if (roll < 0.97) {
    if (chat.unread === 0) return;
    const reader = chat.assignee ?? pick(agents);
    yield* emit(
      stream,
      { type: 'ConversationRead', data: { readerId: reader, upToMessageId: null, count: chat.unread } },
      reader,
    );
    chat.unread = 0;
  } else {
    const what = random();
    const by = pick(agents);
    if (what < 0.3) {
      chat.pinned = !chat.pinned;
      yield* emit(
        stream,
        { type: chat.pinned ? 'ConversationPinned' : 'ConversationUnpinned', data: {} },
        by,
      );
    } else if (what < 0.6) {
      const to = pick(agents);
      if (to === chat.assignee) return;
      yield* emit(
        stream,
        chat.assignee
          ? {
              type: 'ConversationTransferred',
              data: { fromAssigneeId: chat.assignee, toAssigneeId: to, byUserId: by },
            }
          : { type: 'ConversationAssigned', data: { assigneeId: to, byUserId: by } },
        by,
      );
      chat.assignee = to;
    } else if (what < 0.85) {
      if (chat.archived) return;
      chat.archived = true;
      yield* emit(stream, { type: 'ConversationArchived', data: { byUserId: by } }, by);
    } else {
      yield* emit(
        stream,
        { type: 'ConversationRated', data: { rating: 1 + Math.floor(random() * 5), byUserId: by } },
        by,
      );
    }
  }
}
