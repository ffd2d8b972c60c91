import { z } from 'zod';
import { suggestionsAnswerSchema, type Suggestion } from '@atende/api-contract';
import { CANNED_REPLY_CATEGORY_LABELS } from '@atende/events';
import {
  cannedRepliesRevision,
  lastCustomerMessage,
  listCannedReplies,
  replyPairs,
  type ReplyPair,
} from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { chatIdSchema, requireVisibleConversation } from '../conversations/conversation-access.js';
import {
  buildCannedIndex,
  buildHistoryIndex,
  rankSuggestions,
  type CannedIndex,
  type HistoryIndex,
} from './rank-suggestions.js';

/** A whole number in the query string within min..max (`?count=5`), else 400. */
function intQuery(min: number, max: number, fallback: number) {
  return z
    .string({ error: 'deve ser um número' })
    .regex(/^\d{1,3}$/, { error: 'deve ser um número inteiro' })
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, { error: `deve ser no mínimo ${min}` })
        .max(max, { error: `deve ser no máximo ${max}` }),
    )
    .default(fallback);
}

const suggestionsParams = z.strictObject({ conversationId: chatIdSchema });
const suggestionsQuery = z.strictObject({ count: intQuery(1, 10, 5), offset: intQuery(0, 50, 0) });

/** Workspaces whose history and canned indexes are kept between requests. */
const CACHED_WORKSPACES = 100;

/**
 * An LRU of one value per workspace (a Map in insertion order), kept while its key (what it was
 * built from) is the same.
 */
function perWorkspaceCache<T>() {
  const cache = new Map<string, { key: string; value: T }>();
  return async (workspaceId: string, key: string, build: () => T | Promise<T>): Promise<T> => {
    const hit = cache.get(workspaceId);
    cache.delete(workspaceId);
    const entry = hit && hit.key === key ? hit : { key, value: await build() };
    cache.set(workspaceId, entry);
    if (cache.size > CACHED_WORKSPACES) cache.delete(cache.keys().next().value!);
    return entry.value;
  };
}

/**
 * The canned index of each recently asked workspace, rebuilt when its replies change (the
 * read model's revision: the position of their latest change), so a request costs one read.
 */
function cannedCache(deps: GatewayDeps) {
  const cached = perWorkspaceCache<CannedIndex>();
  return async (workspaceId: string): Promise<CannedIndex> => {
    const view = deps.readModels.view('canned-replies');
    // The revision first: a list read after it is at least as new, so the entry is never stale for long.
    const revision = await cannedRepliesRevision(view, workspaceId);
    return cached(workspaceId, String(revision), async () =>
      buildCannedIndex(
        (await listCannedReplies(view, workspaceId)).map(({ id, text, category, keywords }) => ({
          id,
          text,
          category,
          keywords,
        })),
      ),
    );
  };
}

/**
 * The history index of each recently asked workspace, rebuilt when its pairs change (a new pair
 * changes the newest pair number).
 */
function historyCache() {
  const cached = perWorkspaceCache<HistoryIndex>();
  return (workspaceId: string, pairs: readonly ReplyPair[]): Promise<HistoryIndex> =>
    cached(workspaceId, `${pairs[0]?.n ?? -1}:${pairs.length}`, () => buildHistoryIndex(pairs));
}

/**
 * Reply suggestions for a conversation (spec §4 AI suggestions), ranked on the server from the
 * workspace's canned replies (Configurações > Respostas prontas) and its own past answers to similar
 * customer messages.
 */
export function suggestionRoutes(deps: GatewayDeps): RouteDefinition[] {
  const historyOf = historyCache();
  const cannedOf = cannedCache(deps);
  return [
    defineRoute({
      method: 'get',
      path: '/api/conversations/:conversationId/suggestions',
      rateLimit: { perMinute: 60 },
      summary:
        'Reply suggestions for the conversation: past team answers to similar customer messages and canned replies, best first; `offset` pages further (Gerar mais sugestões)',
      tag: 'conversations',
      auth: 'conversations:own',
      params: suggestionsParams,
      query: suggestionsQuery,
      response: suggestionsAnswerSchema,
      handler: async ({ params, query }, ctx) => {
        const row = await requireVisibleConversation(deps, ctx!, params.conversationId);
        const view = deps.readModels.view('reply-suggestions');
        const [last, pairs, canned] = await Promise.all([
          lastCustomerMessage(view, ctx!.workspaceId, row.chatId),
          replyPairs(view, ctx!.workspaceId),
          cannedOf(ctx!.workspaceId),
        ]);
        const ranked = rankSuggestions({
          message: last?.text ?? null,
          agentReplies: last?.agentReplies ?? 0,
          chatId: row.chatId,
          history: await historyOf(ctx!.workspaceId, pairs),
          canned,
        });
        const suggestions: Suggestion[] = ranked
          .slice(query.offset, query.offset + query.count)
          .map((s) => ({ ...s, categoryLabel: CANNED_REPLY_CATEGORY_LABELS[s.category] }));
        return { success: true, suggestions };
      },
    }),
  ];
}
