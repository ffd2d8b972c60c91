import type MiniSearch from 'minisearch';
import type { ReplyPair } from '@atende/projector';
import { type SuggestionCategory } from './canned-replies.js';
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
export declare const MAX_RANKED = 60;
/** The workspace's past pairs, indexed by question; built once per set of pairs (see the route's cache). */
export interface HistoryIndex {
    search: MiniSearch<{
        id: number;
        question: string;
    }>;
    pairs: ReadonlyMap<number, ReplyPair>;
    /** Distinct terms of each pair's question. */
    questionTerms: ReadonlyMap<number, number>;
    /** Distinct answers (by normalised text), most often given first, then newest. */
    frequentAnswers: readonly ReplyPair[];
}
export declare function buildHistoryIndex(pairs: readonly ReplyPair[]): HistoryIndex;
/** The category of a past answer: that of the canned reply it resembles most, else 'other'. */
export declare function categorise(answer: string): SuggestionCategory;
export interface RankInput {
    /** The customer's latest text; null when there is none. */
    message: string | null;
    /** Agent messages in the conversation so far. */
    agentReplies: number;
    history: HistoryIndex;
}
/**
 * Every suggestion for a conversation, best first, at most MAX_RANKED, no two with the same text:
 * 1. when the message is only a greeting and no agent answered yet (or there is no customer text),
 *    greeting replies first (the team's own greetings among them);
 * 2. then the answers the team gave to the past customer messages most similar to this one
 *    (MiniSearch, fuzzy + prefix) and the canned replies matching it, by confidence; a message
 *    that greets and asks is matched on what it asks, with a greeting among them on a first reply;
 * 3. then the other canned replies (greetings last once an agent has answered);
 * 4. then the team's most frequent past answers.
 */
export declare function rankSuggestions(input: RankInput): RankedSuggestion[];
