import type { CannedReply } from '@atende/api-contract';
import type { CannedReplyCategory } from '@atende/events/canned-reply-categories';

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
