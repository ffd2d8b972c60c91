import type { Suggestion, SuggestionsAnswer } from '@atende/api-contract';
import { CANNED_REPLY_CATEGORY_LABELS } from '@atende/events/canned-reply-categories';
import { apiRequest } from '../../api/client';
import { api, entryKeyOf, queryEntriesOf, queryFnOf, type QueryEntry } from '../../server-state/api';
import { SUGGESTIONS_ERROR_TEXT } from './texts';

/** A reply suggestion as GET /api/conversations/:id/suggestions answers it (the contract's, types only). */
export type { Suggestion } from '@atende/api-contract';

/** Categories of an AI suggestion and their labels (spec §3), as the server has them. */
export type SuggestionCategory = Suggestion['category'];
// Typed by the contract's categories: a category the canned replies lack fails to compile here.
export const CATEGORY_LABELS: Readonly<Record<SuggestionCategory, string>> = CANNED_REPLY_CATEGORY_LABELS;

/** How many suggestions one request asks for (spec §4: five). */
export const SUGGESTIONS_PAGE = 5;
/** The server pages up to offset 50; 'Gerar mais sugestões' starts over after that. */
export const SUGGESTIONS_MAX_OFFSET = 50;

/** A page of suggestions as the strip shows it: where it starts, and its five (or fewer). */
export interface SuggestionsPage {
  offset: number;
  suggestions: Suggestion[];
}

/** What the strip shows: waiting (the 1 s after opening), loading, ready or failed. */
export type SuggestionsStatus = 'waiting' | 'loading' | 'ready' | 'failed';

const isCategory = (value: unknown): value is SuggestionCategory =>
  typeof value === 'string' && value in CATEGORY_LABELS;

/** The server's suggestions as the strip shows them (an entry without text is left out). */
export function normaliseSuggestions(list: Partial<Suggestion>[] | undefined): Suggestion[] {
  return (list ?? [])
    .filter((s) => typeof s.text === 'string' && s.text.trim() !== '')
    .map((s, index) => {
      const category = isCategory(s.category) ? s.category : 'other';
      return {
        id: typeof s.id === 'string' && s.id ? s.id : `suggestion-${index}`,
        text: s.text!,
        category,
        categoryLabel: s.categoryLabel || CATEGORY_LABELS[category],
        confidence: typeof s.confidence === 'number' ? s.confidence : 0,
        // The server always says; an entry that does not is taken for a canned reply (nothing shows it).
        source: s.source ?? 'canned',
      };
    });
}

async function fetchPage(conversationId: string, offset: number, signal: AbortSignal): Promise<Suggestion[]> {
  const answer = await apiRequest<Partial<SuggestionsAnswer>>(
    `/api/conversations/${encodeURIComponent(conversationId)}/suggestions?count=${SUGGESTIONS_PAGE}&offset=${offset}`,
    { signal },
  );
  return normaliseSuggestions(answer.suggestions);
}

/** 'Gerar mais sugestões': the next five; past the last page the server offers, the first again. */
export const nextSuggestionsOffset = (shown: number): number => {
  const next = shown + SUGGESTIONS_PAGE;
  return next > SUGGESTIONS_MAX_OFFSET ? 0 : next;
};

const keyOf = (conversationId: string) => entryKeyOf('getSuggestions', conversationId);

export const suggestionsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * GET /api/conversations/:id/suggestions: one cache entry per conversation (the page shown), which
     * the chat saga keeps while the window is open and which goes with it (keepUnusedDataFor 0). A page
     * past the last one answers the first again.
     */
    getSuggestions: build.query<SuggestionsPage, { conversationId: string; offset: number }>({
      queryFn: queryFnOf(
        async ({ conversationId, offset }: { conversationId: string; offset: number }, signal) => {
          const suggestions = await fetchPage(conversationId, offset, signal);
          if (suggestions.length > 0 || offset === 0) return { offset, suggestions };
          return { offset: 0, suggestions: await fetchPage(conversationId, 0, signal) };
        },
      ),
      serializeQueryArgs: ({ queryArgs }) => keyOf(queryArgs.conversationId),
      keepUnusedDataFor: 0,
    }),
  }),
});

/** A page of suggestions asked for now (the first, the next ones, or the failed one again). */
export const requestSuggestions = (conversationId: string, offset: number, subscribe = false) =>
  suggestionsApi.endpoints.getSuggestions.initiate(
    { conversationId, offset },
    { subscribe, forceRefetch: true },
  );

type SuggestionsEntry = QueryEntry<SuggestionsPage> & { originalArgs?: { offset: number } };

/** The conversation's cache entry as the store keeps it (undefined before anything was asked). */
export const selectSuggestionsEntry = (
  state: unknown,
  conversationId: string,
): SuggestionsEntry | undefined =>
  queryEntriesOf(state)[keyOf(conversationId)] as SuggestionsEntry | undefined;

/** What the strip shows of an entry, and which page it asked for last. */
export function suggestionsView(entry: SuggestionsEntry | undefined) {
  // Nothing asked yet: the chat saga asks about 1 s after the window opened.
  if (!entry || entry.status === 'uninitialized') {
    return { status: 'waiting' as SuggestionsStatus, items: [], offset: 0, requestedOffset: 0, error: null };
  }
  const status: SuggestionsStatus =
    entry.status === 'pending' ? 'loading' : entry.status === 'rejected' ? 'failed' : 'ready';
  return {
    status,
    items: entry.data?.suggestions ?? [],
    /** The page shown. */
    offset: entry.data?.offset ?? 0,
    /** The page last asked for ('Tentar novamente' asks for it again). */
    requestedOffset: entry.originalArgs?.offset ?? 0,
    error: entry.status === 'rejected' ? entry.error?.message || SUGGESTIONS_ERROR_TEXT : null,
  };
}
