import { z } from 'zod';
import { doneAnswerSchema, ok } from './answer.js';
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

/** GET /api/canned-replies. */
export const cannedRepliesAnswerSchema = ok({ cannedReplies: z.array(cannedReplySchema) });
export type CannedRepliesAnswer = z.infer<typeof cannedRepliesAnswerSchema>;

/** A canned reply created or changed, with the server's text. */
export const cannedReplyAnswerSchema = ok({ cannedReply: cannedReplySchema, message: z.string() });
export type CannedReplyAnswer = z.infer<typeof cannedReplyAnswerSchema>;

/** DELETE /api/canned-replies/:cannedReplyId. */
export const cannedReplyDeletedAnswerSchema = doneAnswerSchema;
