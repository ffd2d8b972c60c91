/*
 * The categories and limits of a canned reply (Respostas prontas), shared by the domain, the
 * gateway and the web client. No imports: the web client bundles this file as it is.
 */

/** The categories of a canned reply and of a reply suggestion (spec §3 AI suggestion). */
export const cannedReplyCategories = ['greeting', 'support', 'product', 'other'] as const;
export type CannedReplyCategory = (typeof cannedReplyCategories)[number];

/** How the product labels each category (spec §3). */
export const CANNED_REPLY_CATEGORY_LABELS: Readonly<Record<CannedReplyCategory, string>> = {
  greeting: 'Saudação',
  support: 'Suporte',
  product: 'Produto',
  other: 'Geral',
};

/** Longest reply text, after trimming. */
export const CANNED_REPLY_TEXT_MAX = 1000;
/** Longest keywords text (words customers use when the reply fits), after trimming. */
export const CANNED_REPLY_KEYWORDS_MAX = 500;

export function isCannedReplyCategory(value: unknown): value is CannedReplyCategory {
  return typeof value === 'string' && (cannedReplyCategories as readonly string[]).includes(value);
}
