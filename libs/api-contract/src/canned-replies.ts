import { z } from 'zod';

/** A canned reply (Respostas prontas) as /api/canned-replies answers it. */
export const cannedReplySchema = z.object({
  id: z.string(),
  text: z.string(),
  /**
   * The domain's cannedReplyCategories spelled out (the contract imports no domain code); the
   * gateway's canned-reply routes fail to compile if the two lists drift.
   */
  category: z.enum(['greeting', 'support', 'product', 'other']),
  /** How the product labels the category ('Saudação', 'Suporte', 'Produto', 'Geral'). */
  categoryLabel: z.string(),
  /** Words customers use when the reply fits; '' for none. */
  keywords: z.string(),
  createdBy: z.string(),
  /** ISO instants. */
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CannedReply = z.infer<typeof cannedReplySchema>;
