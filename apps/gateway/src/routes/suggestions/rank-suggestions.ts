import type MiniSearch from 'minisearch';
import type { CannedReplyCategory } from '@atende/events';
import type { ReplyPair } from '@atende/projector';
import { createIndex, foldText, normaliseText, processTerm, searchTerms, termsOf } from './text-match.js';

export type SuggestionCategory = CannedReplyCategory;

export type SuggestionSource = 'canned' | 'history';

export interface RankedSuggestion {
  id: string;
  text: string;
  category: SuggestionCategory;
  /** 0..1, never higher than the suggestion before it. */
  confidence: number;
  source: SuggestionSource;
}

/** Most suggestions a ranking produces (the route pages at most offset 50 + count 10). */
export const MAX_RANKED = 60;

/** Words of a pure greeting ('Oi, boa tarde! Tudo bem?'), as processed terms. */
const GREETING_WORDS = [
  'oi',
  'oie',
  'ola',
  'opa',
  'alo',
  'eai',
  'hey',
  'hello',
  'hi',
  'salve',
  'bom',
  'boa',
  'bons',
  'boas',
  'dia',
  'dias',
  'tarde',
  'tardes',
  'noite',
  'noites',
  'tudo',
  'td',
  'bem',
  'blz',
  'beleza',
  'joia',
  'tranquilo',
];
const GREETING_TERMS = new Set(GREETING_WORDS.map((w) => processTerm(w) ?? w));

/* How sure a suggestion is: a base per source plus a share for how well it matched (0..1). */
const HISTORY_BASE = 0.4;
const HISTORY_SPAN = 0.55;
const CANNED_BASE = 0.3;
const CANNED_SPAN = 0.45;
const GREETING_FIRST_CONFIDENCE = 0.6;
const MIXED_GREETING_CONFIDENCE = 0.5;
const CANNED_FILL_CONFIDENCE = 0.2;
const HISTORY_FILL_CONFIDENCE = 0.1;
/** A past question sharing less than this (cosine over terms) with the message is not offered. */
const MIN_HISTORY_SIMILARITY = 0.3;

/** The workspace's past pairs, indexed by question; built once per set of pairs (see the route's cache). */
export interface HistoryIndex {
  search: MiniSearch<{ id: number; question: string }>;
  pairs: ReadonlyMap<number, ReplyPair>;
  /** Distinct terms of each pair's question. */
  questionTerms: ReadonlyMap<number, number>;
  /** Distinct answers (by normalised text), most often given first, then newest. */
  frequentAnswers: readonly ReplyPair[];
}

export function buildHistoryIndex(pairs: readonly ReplyPair[]): HistoryIndex {
  const search = createIndex<{ id: number; question: string }>(['question']);
  const byN = new Map<number, ReplyPair>();
  const questionTerms = new Map<number, number>();
  const answers = new Map<string, { pair: ReplyPair; count: number }>();
  for (const pair of pairs) {
    byN.set(pair.n, pair);
    questionTerms.set(pair.n, termsOf(pair.question).length);
    search.add({ id: pair.n, question: pair.question });
    const key = normaliseText(pair.answer);
    if (key === '') continue;
    const seen = answers.get(key);
    if (seen) {
      seen.count += 1;
      if (pair.n > seen.pair.n) seen.pair = pair;
    } else answers.set(key, { pair, count: 1 });
  }
  const frequentAnswers = [...answers.values()]
    .sort((a, b) => b.count - a.count || b.pair.n - a.pair.n)
    .map((a) => a.pair);
  return { search, pairs: byN, questionTerms, frequentAnswers };
}

/** A canned reply of the workspace, as the ranking reads it. */
export interface CannedReply {
  id: string;
  text: string;
  category: SuggestionCategory;
  /** Words customers use when this reply fits (help the match beyond the reply's own words). */
  keywords: string;
}

/** A reply that opens with a time of day ('Boa noite! …'), optionally after 'Oi'/'Olá' (folded). */
const TIME_OF_DAY_OPENING = /^(?:(?:oi|ola)[\s,!.]+)?(?:bom dia|boa (tarde|noite))\b/;

/**
 * The word the customer must have used for this reply to be offered: a reply that greets with a time
 * of day ('Bom dia!', 'Olá, boa noite') is only offered when the customer said it ('dia', 'noite'),
 * since Atende does not guess the customer's time of day. Undefined for every other reply.
 */
export function timeOfDayTerm(text: string): string | undefined {
  const match = TIME_OF_DAY_OPENING.exec(foldText(text).trimStart());
  if (!match) return undefined;
  const word = match[1] ?? 'dia';
  return processTerm(word) ?? word;
}

/** The workspace's canned replies, indexed by text and keywords; built once per revision (see the route's cache). */
export interface CannedIndex {
  search: MiniSearch<{ id: string; text: string; keywords: string }>;
  byId: ReadonlyMap<string, CannedReply>;
  /** In the team's order (creation order): the order offered when nothing better matches. */
  replies: readonly CannedReply[];
  /** Replies offered only when the message has this term (see timeOfDayTerm). */
  onlyWhen: ReadonlyMap<string, string>;
}

export function buildCannedIndex(replies: readonly CannedReply[]): CannedIndex {
  const search = createIndex<{ id: string; text: string; keywords: string }>(['text', 'keywords']);
  search.addAll(replies.map(({ id, text, keywords }) => ({ id, text, keywords })));
  const onlyWhen = new Map<string, string>();
  for (const reply of replies) {
    const term = timeOfDayTerm(reply.text);
    if (term) onlyWhen.set(reply.id, term);
  }
  return { search, byId: new Map(replies.map((r) => [r.id, r])), replies: [...replies], onlyWhen };
}

/**
 * The category of a past answer: that of the workspace's canned reply it resembles most, else
 * 'other' (so a team without canned replies sees its past answers as Geral).
 */
export function categorise(answer: string, canned: CannedIndex): SuggestionCategory {
  const terms = termsOf(answer);
  const [best] = searchTerms(canned.search, terms);
  if (!best) return 'other';
  const reply = canned.byId.get(best.id as string)!;
  return best.queryTerms.length >= Math.min(2, terms.length) ? reply.category : 'other';
}

function offered(canned: CannedIndex, reply: CannedReply, messageTerms: ReadonlySet<string>): boolean {
  const term = canned.onlyWhen.get(reply.id);
  return term === undefined || messageTerms.has(term);
}

export interface RankInput {
  /** The customer's latest text; null when there is none. */
  message: string | null;
  /** Agent messages in the conversation so far. */
  agentReplies: number;
  /**
   * The conversation asked for: its own past answers are not suggested back to it (an agent's reply
   * would otherwise top the list for the very message it answered).
   */
  chatId?: string;
  history: HistoryIndex;
  /** The workspace's canned replies (none when the team deleted them all). */
  canned: CannedIndex;
}

/**
 * Every suggestion for a conversation, best first, at most MAX_RANKED, no two with the same text:
 * 1. when the message is only a greeting and no agent answered yet (or there is no customer text),
 *    greeting replies first (the team's own greetings among them);
 * 2. then the answers the team gave to the past customer messages most similar to this one
 *    (MiniSearch, fuzzy + prefix) and the canned replies matching it, by confidence; a message
 *    that greets and asks is matched on what it asks, with a greeting among them on a first reply;
 * 3. then the workspace's other canned replies, in the team's order (greetings last once an agent
 *    has answered);
 * 4. then the team's most frequent past answers.
 * Without canned replies it answers from past answers only, possibly fewer than asked (or none).
 */
export function rankSuggestions(input: RankInput): RankedSuggestion[] {
  const terms = termsOf(input.message ?? '');
  const messageTerms = new Set(terms);
  const contentTerms = terms.filter((t) => !GREETING_TERMS.has(t));
  const greets = contentTerms.length < terms.length;
  const pureGreeting = terms.length > 0 && contentTerms.length === 0;
  const firstReply = input.agentReplies === 0;
  const greetingFirst = terms.length === 0 || (pureGreeting && firstReply);
  // What the message is matched on: what it asks, or its greeting when that is all it says.
  const queryTerms = pureGreeting ? terms : contentTerms;

  const out: RankedSuggestion[] = [];
  const seen = new Set<string>();
  const push = (s: RankedSuggestion) => {
    const key = normaliseText(s.text);
    if (key === '' || seen.has(key) || out.length >= MAX_RANKED) return;
    seen.add(key);
    out.push(s);
  };
  const cannedSuggestion = (reply: CannedReply, confidence: number): RankedSuggestion => ({
    id: `canned:${reply.id}`,
    text: reply.text,
    category: reply.category,
    confidence,
    source: 'canned',
  });

  // Canned replies matching the message: the share of its terms they match, and their score.
  const matched: RankedSuggestion[] = [];
  const { canned } = input;
  const cannedResults = searchTerms(canned.search, queryTerms);
  const cannedTop = cannedResults[0]?.score ?? 1;
  for (const r of cannedResults) {
    const reply = canned.byId.get(r.id as string)!;
    if (!offered(canned, reply, messageTerms)) continue;
    const coverage = Math.min(1, r.queryTerms.length / queryTerms.length);
    const quality = coverage * (0.7 + 0.3 * (r.score / cannedTop));
    matched.push(cannedSuggestion(reply, CANNED_BASE + CANNED_SPAN * quality));
  }

  // A first reply to 'Bom dia, qual o prazo?' also greets: the greeting closest to the customer's.
  if (greets && !pureGreeting && firstReply) {
    const greeting = searchTerms(
      canned.search,
      terms.filter((t) => GREETING_TERMS.has(t)),
    )
      .map((r) => canned.byId.get(r.id as string)!)
      .find((reply) => reply.category === 'greeting' && offered(canned, reply, messageTerms));
    if (greeting) matched.push(cannedSuggestion(greeting, MIXED_GREETING_CONFIDENCE));
  }

  // The team's answers to the most similar past messages (cosine over terms, weighted by score).
  const historyResults = searchTerms(input.history.search, queryTerms);
  const historyTop = historyResults[0]?.score ?? 1;
  let historyMatches = 0;
  for (const r of historyResults) {
    if (historyMatches >= MAX_RANKED) break;
    const pair = input.history.pairs.get(r.id as number);
    if (!pair || pair.chatId === input.chatId) continue;
    const questionTerms = Math.max(1, input.history.questionTerms.get(pair.n) ?? 1);
    const similarity = Math.min(1, r.queryTerms.length / Math.sqrt(queryTerms.length * questionTerms));
    if (similarity < MIN_HISTORY_SIMILARITY) continue;
    historyMatches += 1;
    const quality = similarity * (0.7 + 0.3 * (r.score / historyTop));
    matched.push({
      id: `history:${pair.messageId}`,
      text: pair.answer,
      category: categorise(pair.answer, canned),
      confidence: HISTORY_BASE + HISTORY_SPAN * quality,
      source: 'history',
    });
  }
  // Best first; equal confidence puts the team's own answer (more specific) before a canned one.
  const sourceRank = (s: RankedSuggestion) => (s.source === 'history' ? 0 : 1);
  const ranked = matched
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.confidence - a.s.confidence || sourceRank(a.s) - sourceRank(b.s) || a.i - b.i)
    .map(({ s }) => s);

  // 1. Greetings first: the matching ones (the team's and canned), then the other canned greetings.
  if (greetingFirst) {
    for (const s of ranked) if (s.category === 'greeting') push(s);
    for (const reply of canned.replies)
      if (reply.category === 'greeting' && offered(canned, reply, messageTerms))
        push(cannedSuggestion(reply, GREETING_FIRST_CONFIDENCE));
  }

  // 2. What matched.
  for (const s of ranked) push(s);

  // 3. The other canned replies; greetings last once an agent has answered.
  const fill = canned.replies.filter((reply) => offered(canned, reply, messageTerms));
  const ordered = firstReply
    ? fill
    : [...fill.filter((r) => r.category !== 'greeting'), ...fill.filter((r) => r.category === 'greeting')];
  for (const reply of ordered) push(cannedSuggestion(reply, CANNED_FILL_CONFIDENCE));

  // 4. The team's most frequent answers.
  for (const pair of input.history.frequentAnswers) {
    if (out.length >= MAX_RANKED) break;
    if (pair.chatId === input.chatId || seen.has(normaliseText(pair.answer))) continue;
    push({
      id: `history:${pair.messageId}`,
      text: pair.answer,
      category: categorise(pair.answer, canned),
      confidence: HISTORY_FILL_CONFIDENCE,
      source: 'history',
    });
  }

  // Confidence never rises down the list, rounded to two decimals.
  let ceiling = 1;
  return out.map((s) => {
    ceiling = Math.min(ceiling, Math.round(Math.max(0, Math.min(1, s.confidence)) * 100) / 100);
    return { ...s, confidence: ceiling };
  });
}
