import type { AtendeEvent } from '@atende/events';
import { cannedReplyCategories, streams } from '@atende/events';
import { backOfficeActivity, type BackOffice } from './workload-back-office.js';
import { conversationActivity, newChats } from './workload-conversations.js';
import { AGENT_TEXTS, prng, type GeneratedEvent, type WorkloadContext } from './workload-context.js';

export type { GeneratedEvent } from './workload-context.js';

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

  const chats = newChats(conversationCount);

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
  const w: WorkloadContext = {
    ws,
    agents,
    random,
    pick,
    clock: () => clock,
    iso,
    nextSeq: () => (seq += 1),
    emit,
  };
  const office: BackOffice = { notes, cannedReplies };
  while (produced < total) {
    tick();
    if (random() < 0.03) {
      // Back-office activity between conversations: notes, e-mails, settings, integrations, canned replies.
      yield* backOfficeActivity(w, office);
      continue;
    }
    yield* conversationActivity(w, pick(chats));
  }
}
