import type { AtendeEvent } from '@atende/events';
import { cannedReplyCategories, streams } from '@atende/events';

export interface GeneratedEvent {
  streamId: string;
  event: AtendeEvent;
  occurredAt: string;
  actorId?: string;
}

const FIRST_NAMES = [
  'Ana',
  'Bruno',
  'Carla',
  'Diego',
  'Eduarda',
  'Felipe',
  'Gabriela',
  'Henrique',
  'Isabela',
  'João',
];
const CUSTOMER_TEXTS = [
  'Olá, gostaria de saber o prazo de entrega do meu pedido',
  'Bom dia! Vocês têm esse produto em estoque?',
  'Qual é o horário de funcionamento da loja?',
  'Meu pedido chegou com defeito, o que faço?',
  'Posso pagar com Pix?',
];
const AGENT_TEXTS = [
  'Olá! Obrigado pelo contato. Vou verificar para você.',
  'O prazo de entrega é de 3 a 5 dias úteis.',
  'Sim, aceitamos Pix, cartão e boleto.',
  'Sinto muito pelo ocorrido! Vamos resolver agora mesmo.',
];

/** Small deterministic PRNG so every run generates the same log. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A realistic workload for one workspace: members, canned replies, conversations, inbound and
 * outbound messages, provider acks, reads, pins, assignments, archives and ratings, over ~90 days.
 * Deterministic.
 */
export function* generateWorkload(
  total: number,
  options: { workspaceId?: string; conversations?: number } = {},
) {
  const ws = options.workspaceId ?? 'bench';
  const conversationCount = options.conversations ?? 10_000;
  const random = prng(42);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  let clock = Date.parse('2026-08-20T12:00:00Z');
  const tick = () => (clock += Math.floor(random() * 8000));
  const iso = () => new Date(clock).toISOString();
  const agents = Array.from({ length: 20 }, (_, i) => `agent-${i}`);
  let produced = 0;
  const emit = function* (streamId: string, event: AtendeEvent, actorId?: string): Generator<GeneratedEvent> {
    produced += 1;
    yield { streamId, event, occurredAt: iso(), ...(actorId ? { actorId } : {}) };
  };

  yield* emit(streams.workspace(ws), {
    type: 'WorkspaceCreated',
    data: { workspaceId: ws, name: 'Loja Bench', ownerId: agents[0]!, trialStartedAt: iso(), trialDays: 7 },
  });
  // The replies a new workspace starts with (the gateway seeds Atende's defaults).
  const cannedReplies: string[] = [];
  for (const [i, text] of AGENT_TEXTS.slice(0, 3).entries()) {
    const cannedReplyId = `canned-default-${i}`;
    cannedReplies.push(cannedReplyId);
    yield* emit(streams.cannedreply(cannedReplyId), {
      type: 'CannedReplyCreated',
      data: { cannedReplyId, text, category: cannedReplyCategories[i]!, keywords: '', createdBy: 'system' },
    });
  }
  for (const [i, userId] of agents.entries()) {
    yield* emit(streams.member(ws, userId), {
      type: 'MemberAdded',
      data: {
        workspaceId: ws,
        userId,
        name: `Agente ${i}`,
        email: `agente${i}@loja.com.br`,
        role: i === 0 ? 'Owner' : 'Agente',
        status: 'active',
      },
    });
  }

  interface Chat {
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
  const chats: Chat[] = Array.from({ length: conversationCount }, (_, i) => ({
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

  yield* emit(streams.channel('bench-session'), {
    type: 'ChannelSessionRequested',
    data: {
      sessionId: 'bench-session',
      workspaceId: ws,
      channel: 'whatsapp',
      driver: 'sandbox',
      userId: agents[0]!,
      phoneNumber: '5511999990000',
      name: 'Suporte',
    },
  });
  yield* emit(streams.channel('bench-session'), {
    type: 'ChannelConnected',
    data: { sessionId: 'bench-session', phoneNumber: '5511999990000' },
  });
  for (const [i, userId] of agents.slice(0, 3).entries()) {
    yield* emit(streams.user(userId), {
      type: 'UserRegistered',
      data: {
        userId,
        email: `agente${i}@loja.com.br`,
        name: `Agente ${i}`,
        authProvider: 'local',
        passwordHash: 'scrypt$x',
        firebaseUid: null,
      },
    });
  }

  let seq = 0;
  const notes: string[] = [];
  while (produced < total) {
    tick();
    if (random() < 0.03) {
      // Back-office activity between conversations: notes, e-mails, settings, integrations, canned replies.
      seq += 1;
      const by = pick(agents);
      const what = random();
      if (what < 0.35) {
        const noteId = `note-${seq}`;
        notes.push(noteId);
        yield* emit(
          streams.note(noteId),
          {
            type: 'NoteCreated',
            data: {
              noteId,
              authorId: by,
              title: `Retornar cliente ${seq}`,
              content: pick(CUSTOMER_TEXTS),
              reminder: random() < 0.3 ? new Date(clock + 86_400_000).toISOString() : null,
              tags: ['follow-up'],
              isPinned: random() < 0.2,
            },
          },
          by,
        );
      } else if (what < 0.5 && notes.length > 0) {
        const noteId = notes[Math.floor(random() * notes.length)]!;
        if (random() < 0.3) {
          notes.splice(notes.indexOf(noteId), 1);
          yield* emit(streams.note(noteId), { type: 'NoteDeleted', data: { noteId } }, by);
        } else {
          yield* emit(
            streams.note(noteId),
            { type: 'NoteTagsChanged', data: { noteId, tags: ['follow-up', 'urgente'] } },
            by,
          );
        }
      } else if (what < 0.7) {
        const emailId = `email-${seq}`;
        const content = pick(AGENT_TEXTS);
        yield* emit(
          streams.email(emailId),
          {
            type: 'EmailSent',
            data: {
              emailId,
              authorId: by,
              to: ['cliente@exemplo.com.br'],
              cc: [],
              subject: `Pedido ${seq}`,
              content,
              preview: content.slice(0, 100),
              priority: 'medium',
              kind: 'new',
              inReplyTo: null,
            },
          },
          by,
        );
      } else if (what < 0.85) {
        const emailId = `email-${seq}`;
        const content = pick(CUSTOMER_TEXTS);
        yield* emit(streams.email(emailId), {
          type: 'EmailReceived',
          data: {
            emailId,
            sender: 'cliente@exemplo.com.br',
            subject: `Dúvida ${seq}`,
            content,
            preview: content.slice(0, 100),
            priority: 'low',
            hasAttachments: false,
            receivedAt: iso(),
          },
        });
      } else if (what < 0.93) {
        const type = pick(['telegram', 'email', 'website'] as const);
        yield* emit(
          streams.workspace(ws),
          random() < 0.6
            ? {
                type: 'IntegrationConfigured',
                data: {
                  integrationType: type,
                  config:
                    type === 'telegram'
                      ? { 'Bot Token': `tok-${seq}` }
                      : type === 'email'
                        ? { 'SMTP Server': 'smtp.loja.com.br' }
                        : { 'Website URL': 'https://loja.com.br' },
                },
              }
            : { type: 'IntegrationDisconnected', data: { integrationType: type } },
          by,
        );
      } else if (what < 0.97) {
        const choice = random();
        if (choice < 0.4 || cannedReplies.length === 0) {
          const cannedReplyId = `canned-${seq}`;
          cannedReplies.push(cannedReplyId);
          yield* emit(
            streams.cannedreply(cannedReplyId),
            {
              type: 'CannedReplyCreated',
              data: {
                cannedReplyId,
                text: pick(AGENT_TEXTS),
                category: pick(cannedReplyCategories),
                keywords: 'pedido entrega prazo',
                createdBy: by,
              },
            },
            by,
          );
        } else {
          const cannedReplyId = cannedReplies[Math.floor(random() * cannedReplies.length)]!;
          if (choice < 0.75) {
            yield* emit(
              streams.cannedreply(cannedReplyId),
              {
                type: 'CannedReplyUpdated',
                data: {
                  cannedReplyId,
                  text: `${pick(AGENT_TEXTS)} (${seq})`,
                  category: pick(cannedReplyCategories),
                  keywords: 'pix boleto cartao',
                },
              },
              by,
            );
          } else {
            cannedReplies.splice(cannedReplies.indexOf(cannedReplyId), 1);
            yield* emit(
              streams.cannedreply(cannedReplyId),
              { type: 'CannedReplyDeleted', data: { cannedReplyId } },
              by,
            );
          }
        }
      } else {
        yield* emit(
          streams.workspace(ws),
          {
            type: 'WorkspaceSettingsChanged',
            data: {
              settings: {
                company: { name: 'Loja Bench', email: 'contato@loja.com.br', phone: '', website: '' },
                appearance: {
                  theme: 'auto',
                  language: 'pt-BR',
                  timezone: pick(['America/Sao_Paulo', 'Europe/London'] as const),
                },
                notifications: { email: true, push: true, sound: false, desktop: true },
                security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
              },
            },
          },
          by,
        );
      }
      continue;
    }
    const chat = pick(chats);
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
      seq += 1;
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
      seq += 1;
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
      if (!messageId) continue;
      chat.sent.push(messageId);
      yield* emit(stream, {
        type: 'OutboundMessageSent',
        data: { messageId, providerMessageId: `wamid-out-${messageId}` },
      });
    } else if (roll < 0.92) {
      const messageId = chat.sent[Math.floor(random() * chat.sent.length)];
      if (!messageId) continue;
      const current = chat.acked.get(messageId);
      if (current === 'read') continue;
      const status = current === 'delivered' ? 'read' : 'delivered';
      chat.acked.set(messageId, status);
      yield* emit(stream, { type: 'MessageDeliveryUpdated', data: { messageId, status } });
    } else if (roll < 0.97) {
      if (chat.unread === 0) continue;
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
        if (to === chat.assignee) continue;
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
        if (chat.archived) continue;
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
}
