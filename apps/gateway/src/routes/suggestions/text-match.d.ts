import MiniSearch, { type SearchOptions } from 'minisearch';
/** Lower case without accents: 'Olá, É' → 'ola, e'. */
export declare function foldText(text: string): string;
/** A text as compared for duplicates: folded, punctuation and extra spaces dropped. */
export declare function normaliseText(text: string): string;
/**
 * A light Portuguese stemmer, enough for short chat messages: 'entrega', 'entregar' and 'entregou'
 * all give 'entreg'; 'pedidos' and 'pedido' give 'ped'. Words under five letters are kept whole.
 */
export declare function stem(word: string): string;
/**
 * MiniSearch's processTerm for Portuguese: folds case and accents, drops stopwords and
 * one-character terms, and stems (so 'Qual é o prazo de entrega?' and 'qual o prazo p/ entregar'
 * index the same words).
 */
export declare function processTerm(term: string): string | null;
/** The distinct processed terms of a text, in order of appearance. */
export declare function termsOf(text: string): string[];
/**
 * Search options for a query given as processed terms (see termsOf): fuzzy (one typo from 5
 * letters, two from 10), prefix (from 4 letters), any term.
 */
export declare const termSearchOptions: SearchOptions;
/** A MiniSearch over `fields` with the Portuguese term processing above. */
export declare function createIndex<T>(fields: string[]): MiniSearch<T>;
/** Searches an index with already processed terms. */
export declare function searchTerms<T>(index: MiniSearch<T>, terms: readonly string[]): import("minisearch").SearchResult[];
