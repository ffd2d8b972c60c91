import type { ConversationsPage } from '@atende/api-contract';
import { apiRequest } from '../../api/client';
import type { Conversation } from '../../api/types';

/** Rows per page of GET /api/whatsapp/conversations (the server's maximum). */
export const CONVERSATIONS_PAGE_SIZE = 500;
/** A safety stop: 1,000 pages of 500 rows. */
const MAX_PAGES = 1_000;

/**
 * The whole inbox (not archived), newest first: follows `nextCursor` page after page. A row that
 * moved between two pages is kept once.
 */
export async function fetchAllConversations(
  options: { signal?: AbortSignal; pageSize?: number } = {},
): Promise<Conversation[]> {
  const rows: Conversation[] = [];
  const seen = new Set<string>();
  let before: number | null = null;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = new URLSearchParams({
      limit: String(options.pageSize ?? CONVERSATIONS_PAGE_SIZE),
      archived: 'false',
    });
    if (before !== null) query.set('before', String(before));
    const answer = await apiRequest<Partial<ConversationsPage>>(`/api/whatsapp/conversations?${query}`, {
      signal: options.signal,
    });
    const conversations = Array.isArray(answer.conversations) ? answer.conversations : [];
    for (const conversation of conversations) {
      if (seen.has(conversation.id)) continue;
      seen.add(conversation.id);
      rows.push(conversation);
    }
    const next = answer.nextCursor;
    if (typeof next !== 'number' || conversations.length === 0 || (before !== null && next >= before)) break;
    before = next;
  }
  return rows;
}
