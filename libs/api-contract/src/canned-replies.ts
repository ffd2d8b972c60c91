import { z } from 'zod';
import { cannedReplyCategories } from '@atende/events/canned-reply-categories';

/** A canned reply (Respostas prontas) as /api/canned-replies answers it. */
export const cannedReplySchema = z.object({
  id: z.string(),
  text: z.string(),
  category: z.enum(cannedReplyCategories),
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
