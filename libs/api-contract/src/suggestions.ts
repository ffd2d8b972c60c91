import { z } from 'zod';
import { ok } from './answer.js';

/**
 * A reply suggestion (spec §3 AI suggestion) as GET /api/conversations/:conversationId/suggestions
 * answers it, plus where it came from: a canned reply or the team's own past answer.
 */
export const suggestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The canned replies' categories (Configurações > Respostas prontas). */
  category: z.enum(['greeting', 'support', 'product', 'other']),
  categoryLabel: z.string(),
  confidence: z.number().min(0).max(1),
  source: z.enum(['canned', 'history']),
});
export type Suggestion = z.infer<typeof suggestionSchema>;

/** GET /api/conversations/:conversationId/suggestions: best first. */
export const suggestionsAnswerSchema = ok({ suggestions: z.array(suggestionSchema) });
export type SuggestionsAnswer = z.infer<typeof suggestionsAnswerSchema>;
