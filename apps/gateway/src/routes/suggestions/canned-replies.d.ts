/** The categories of a suggestion (spec §3 AI suggestion). */
export declare const suggestionCategories: readonly ["greeting", "support", "product", "other"];
export type SuggestionCategory = (typeof suggestionCategories)[number];
/** How the product labels each category (spec §3). */
export declare const CATEGORY_LABELS: Readonly<Record<SuggestionCategory, string>>;
export interface CannedReply {
    id: string;
    text: string;
    category: SuggestionCategory;
    /** Words customers use when this reply fits (help the match beyond the reply's own words). */
    keywords: string;
    /**
     * A time-of-day greeting ('Boa noite!') is only offered when the customer used that word (folded,
     * e.g. 'noite'): Atende does not guess the customer's time of day.
     */
    onlyWhen?: string;
}
/**
 * Atende's default canned replies (pt-BR), in the order offered when nothing better matches: one of
 * each kind first, so that the first five already cover the categories.
 */
export declare const CANNED_REPLIES: readonly CannedReply[];
