import { http, HttpResponse } from 'msw';
import type { Conversation, Me } from '../../../api/types';

export const agent: Me = {
  id: 'u_ana',
  name: 'Ana Souza',
  email: 'ana@empresa.com.br',
  company: 'Minha Empresa',
  role: 'Owner',
  workspaceId: 'w_1',
  trialStarted: '2025-01-02T03:04:05.000Z',
  trialDays: 7,
  trialDaysLeft: 5,
  theme: null,
};

/** A conversation row as the server answers it; `name` sets every name field. */
export function conversation(overrides: Partial<Conversation> & { id: string; name?: string }): Conversation {
  const name = overrides.name ?? `Contato ${overrides.id}`;
  const at = overrides.lastTimestamp ?? '2025-03-10T12:00:00.000Z';
  return {
    conversationId: overrides.id,
    chatId: overrides.id,
    conversationName: name,
    customerName: name,
    contactName: name,
    customerId: '5511999990000',
    channel: 'whatsapp',
    platform: 'whatsapp',
    status: 'active',
    type: 'private',
    lastMessage: 'Olá',
    lastMessageType: 'text',
    lastMessageFromMe: false,
    lastTimestamp: at,
    unreadCount: 0,
    messageCount: 1,
    hasMedia: false,
    mediaType: null,
    profilePic: null,
    profilePicture: null,
    isPinned: false,
    isArchived: false,
    assigneeId: null,
    assignedAgent: null,
    rating: null,
    createdAt: at ?? '2025-03-10T12:00:00.000Z',
    updatedAt: at ?? '2025-03-10T12:00:00.000Z',
    lastReadAt: null,
    ...overrides,
    name,
  };
}

/** `count` conversations, newest first, one minute apart before `from`. */
export function manyConversations(count: number, from = Date.now()): Conversation[] {
  return Array.from({ length: count }, (_, index) => {
    const at = new Date(from - index * 60_000).toISOString();
    return conversation({
      id: `c${index}`,
      name: `Cliente ${String(index).padStart(5, '0')}`,
      lastTimestamp: at,
      customerId: `55119${String(index).padStart(8, '0')}`,
    });
  });
}

/** GET /api/whatsapp/conversations answering `rows` in pages (limit/before as the server does). */
export function conversationsHandler(rows: () => Conversation[], calls: { count: number } = { count: 0 }) {
  return http.get('/api/whatsapp/conversations', ({ request }) => {
    calls.count += 1;
    const url = new URL(request.url);
    const limit = Number(url.searchParams.get('limit') ?? 100);
    const before = url.searchParams.get('before');
    const all = rows()
      .filter((row) => url.searchParams.get('archived') === 'true' || !row.isArchived)
      .map((row) => ({ row, score: Date.parse(row.lastTimestamp ?? row.createdAt) }))
      .sort((a, b) => b.score - a.score)
      .filter((entry) => before === null || entry.score < Number(before));
    const page = all.slice(0, limit);
    const more = all.length > limit;
    return HttpResponse.json({
      success: true,
      conversations: page.map((entry) => entry.row),
      source: 'atende',
      nextCursor: more ? page[page.length - 1]!.score : null,
    });
  });
}

export const signedInAs = (user: Me = agent) =>
  http.get('/api/auth/me', () => HttpResponse.json({ success: true, user }));
