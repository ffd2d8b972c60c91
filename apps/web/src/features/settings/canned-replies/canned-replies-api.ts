import type { CannedRepliesAnswer, CannedReply, CannedReplyAnswer, DoneAnswer } from '@atende/api-contract';
import type { CannedReplyCategory } from '@atende/events/canned-reply-categories';
import { apiRequest } from '../../../api/client';

// A canned reply as /api/canned-replies answers it: the contract shared with the gateway (types only: no zod in the bundle).
export type { CannedReply };

/** What the add/edit form sends. */
export interface CannedReplyInput {
  text: string;
  category: CannedReplyCategory;
  keywords: string;
}

/** The server's success texts (shown when an answer lacks its own). */
export const CANNED_REPLY_SAVED_TEXT = 'Resposta pronta salva com sucesso!';
export const CANNED_REPLY_UPDATED_TEXT = 'Resposta pronta atualizada com sucesso!';
export const CANNED_REPLY_DELETED_TEXT = 'Resposta pronta excluída com sucesso!';

export interface CannedReplyChange {
  cannedReply: CannedReply;
  message: string;
}

type ReplyAnswer = Partial<CannedReplyAnswer>;

function changed(answer: ReplyAnswer, fallback: string): CannedReplyChange {
  if (!answer.cannedReply) throw new Error('Resposta inválida do servidor');
  return { cannedReply: answer.cannedReply, message: answer.message || fallback };
}

const replyPath = (id: string) => `/api/canned-replies/${encodeURIComponent(id)}`;

/** GET /api/canned-replies: the workspace's replies, in the order they were created (any member). */
export async function fetchCannedReplies(signal?: AbortSignal): Promise<CannedReply[]> {
  const answer = await apiRequest<Partial<CannedRepliesAnswer>>('/api/canned-replies', { signal });
  return Array.isArray(answer.cannedReplies) ? answer.cannedReplies : [];
}

/** POST /api/canned-replies (settings:manage). */
export async function createCannedReply(input: CannedReplyInput): Promise<CannedReplyChange> {
  return changed(
    await apiRequest<ReplyAnswer>('/api/canned-replies', { method: 'POST', body: input }),
    CANNED_REPLY_SAVED_TEXT,
  );
}

/** PUT /api/canned-replies/:id (settings:manage). */
export async function updateCannedReply(id: string, input: CannedReplyInput): Promise<CannedReplyChange> {
  return changed(
    await apiRequest<ReplyAnswer>(replyPath(id), { method: 'PUT', body: input }),
    CANNED_REPLY_UPDATED_TEXT,
  );
}

/** DELETE /api/canned-replies/:id (settings:manage). */
export async function deleteCannedReply(id: string): Promise<string> {
  const answer = await apiRequest<Partial<DoneAnswer>>(replyPath(id), { method: 'DELETE' });
  return answer.message || CANNED_REPLY_DELETED_TEXT;
}
