import { z } from 'zod';
import { lastCustomerMessage, replyPairs, type ReplyPair } from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, ok, type RouteDefinition } from '../../http/route.js';
import { chatIdSchema, requireVisibleConversation } from '../conversations/conversation-access.js';
import { CATEGORY_LABELS, suggestionCategories } from './canned-replies.js';
import { buildHistoryIndex, rankSuggestions, type HistoryIndex } from './rank-suggestions.js';

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

/** A reply suggestion (spec §3 AI suggestion), plus where it came from. */
export const suggestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  category: z.enum(suggestionCategories),
  categoryLabel: z.string(),
  confidence: z.number().min(0).max(1),
  source: z.enum(['canned', 'history']),
});
export type SuggestionView = z.infer<typeof suggestionSchema>;

/** Workspaces whose history index is kept between requests. */
const CACHED_WORKSPACES = 100;

/**
 * The history index of each recently asked workspace, rebuilt when its pairs change (a new pair
 * changes the newest pair number). A Map in insertion order serves as a small LRU.
 */
function historyCache() {
  const cache = new Map<string, { key: string; index: HistoryIndex }>();
  return (workspaceId: string, pairs: readonly ReplyPair[]): HistoryIndex => {
    const key = `${pairs[0]?.n ?? -1}:${pairs.length}`;
    const hit = cache.get(workspaceId);
    cache.delete(workspaceId);
    const entry = hit && hit.key === key ? hit : { key, index: buildHistoryIndex(pairs) };
    cache.set(workspaceId, entry);
    if (cache.size > CACHED_WORKSPACES) cache.delete(cache.keys().next().value!);
    return entry.index;
  };
}

/**
 * Reply suggestions for a conversation (spec §4 AI suggestions), ranked on the server from the
 * team's canned replies and the workspace's own past answers to similar customer messages.
 */
export function suggestionRoutes(deps: GatewayDeps): RouteDefinition[] {
  const historyOf = historyCache();
  return [
    defineRoute({
      method: 'get',
      path: '/api/conversations/:conversationId/suggestions',
      summary:
        'Reply suggestions for the conversation: past team answers to similar customer messages and canned replies, best first; `offset` pages further (Gerar mais sugestões)',
      tag: 'conversations',
      auth: 'conversations:own',
      params: suggestionsParams,
      query: suggestionsQuery,
      response: ok({ suggestions: z.array(suggestionSchema) }),
      handler: async ({ params, query }, ctx) => {
        const row = await requireVisibleConversation(deps, ctx!, params.conversationId);
        const view = deps.readModels.view('reply-suggestions');
        const [last, pairs] = await Promise.all([
          lastCustomerMessage(view, ctx!.workspaceId, row.chatId),
          replyPairs(view, ctx!.workspaceId),
        ]);
        const ranked = rankSuggestions({
          message: last?.text ?? null,
          agentReplies: last?.agentReplies ?? 0,
          history: historyOf(ctx!.workspaceId, pairs),
        });
        const suggestions: SuggestionView[] = ranked
          .slice(query.offset, query.offset + query.count)
          .map((s) => ({ ...s, categoryLabel: CATEGORY_LABELS[s.category] }));
        return { success: true, suggestions };
      },
    }),
  ];
}
