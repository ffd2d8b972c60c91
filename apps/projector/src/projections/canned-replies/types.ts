import type { CannedReplyCategory } from '@atende/events';

export const CANNED_REPLIES_PROJECTION = 'canned-replies';

/** The replies, id `${workspaceId}:${cannedReplyId}`. */
export const CANNED_REPLY_COLLECTION = 'canned-reply';
/**
 * Per workspace (id workspaceId): the global position of the latest change to its replies, so a
 * reader can tell in one read whether what it derived from the list (a search index) is current.
 */
export const CANNED_REPLY_REVISION_COLLECTION = 'canned-reply-revision';

export function cannedReplyDocId(workspaceId: string, cannedReplyId: string): string {
  return `${workspaceId}:${cannedReplyId}`;
}

/** A workspace's replies, id cannedReplyId, score = global position of its creation (creation order). */
export function workspaceCannedRepliesIndex(workspaceId: string): string {
  return `ws:${workspaceId}`;
}

/** 'canned-reply' id `${workspaceId}:${cannedReplyId}`. */
export interface CannedReplyDoc {
  id: string;
  workspaceId: string;
  text: string;
  category: CannedReplyCategory;
  /** Words customers use when the reply fits; '' for none. */
  keywords: string;
  createdBy: string;
  /** ISO instants. */
  createdAt: string;
  updatedAt: string;
}

/** 'canned-reply-revision' id workspaceId. */
export interface CannedReplyRevisionDoc {
  position: number;
}
