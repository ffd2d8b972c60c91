import { z } from 'zod';
import { ok } from './answer.js';
import { messageSchema } from './conversations.js';

/** POST /api/conversations/:conversationId/messages/:messageId/media/retry: the download asked again. */
export const mediaRetryAnswerSchema = ok({
  messageId: z.string(),
  mediaStatus: messageSchema.shape.mediaStatus,
});
export type MediaRetryAnswer = z.infer<typeof mediaRetryAnswerSchema>;
