import { http, HttpResponse } from 'msw';
import type { Conversation, Me } from '../../../api/types';
import { api } from '../../../server-state/api';
import { ana, makeConversation } from '../../../test/fixtures';
import { conversationsApi, inboxChange, selectInbox } from '../conversations-endpoints';
import { emptyConversationsList, listOf, storeRow, type ConversationsList } from '../conversations-list';

export const agent = ana;

/** A conversation row as the server answers it; `name` sets every name field. */
export function conversation(overrides: Partial<Conversation> & { id: string; name?: string }): Conversation {
  return makeConversation({ name: `Contato ${overrides.id}`, ...overrides });
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

/** The inbox's cache entry set to `rows` at once (what a finished load leaves), for a store. */
export const inboxLoaded = (rows: Conversation[]) =>
  conversationsApi.util.upsertQueryEntries([
    { endpointName: 'getConversations', arg: undefined, value: listOf(rows) },
  ]);

/** A store's preloaded server-state cache holding the inbox `rows`. */
export const inboxState = (rows: Conversation[]) => ({ api: api.reducer(undefined, inboxLoaded(rows)) });

/** The inbox as the cache holds it (empty before the first list arrived). */
export const inboxOf = (state: unknown): ConversationsList => selectInbox(state) ?? emptyConversationsList();

/** What the socket's push of a row does to the inbox (conversation:updated, a new message's row). */
export const rowPushed = (row: Conversation) =>
  inboxChange((list) => storeRow(list, row), { joined: true, left: false });

/** Whether an action is a row command's answer (a mutation that succeeded). */
export const isCommandAnswer = (action: { type: string }) => action.type === 'api/executeMutation/fulfilled';
