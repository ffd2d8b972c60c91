import type { ProjectionView } from '@atende/events';
import {
  REPLY_BLOCK_COLLECTION,
  REPLY_CHAT_COLLECTION,
  REPLY_PAIRS_KEPT,
  REPLY_RING_COLLECTION,
  REPLY_RING_SLOTS,
  replyBlockDocId,
  replyBlockOf,
  replyChatDocId,
  type ReplyBlockDoc,
  type ReplyChatDoc,
  type ReplyPair,
  type ReplyRingDoc,
} from './types.js';

/** The workspace's latest REPLY_PAIRS_KEPT (customer text → agent reply) pairs, newest first. */
export async function replyPairs(view: ProjectionView, workspaceId: string): Promise<ReplyPair[]> {
  const ring = await view.get<ReplyRingDoc>(REPLY_RING_COLLECTION, workspaceId);
  if (!ring || ring.total === 0) return [];
  const first = Math.max(0, ring.total - REPLY_PAIRS_KEPT);
  const blocks: number[] = [];
  for (let b = replyBlockOf(first); b <= replyBlockOf(ring.total - 1); b++) blocks.push(b);
  const docs = await view.getMany<ReplyBlockDoc>(
    REPLY_BLOCK_COLLECTION,
    blocks.map((b) => replyBlockDocId(workspaceId, b % REPLY_RING_SLOTS)),
  );
  const pairs: ReplyPair[] = [];
  docs.forEach((doc, i) => {
    if (!doc || doc.block !== blocks[i]) return;
    for (const pair of doc.pairs) if (pair.n >= first && pair.n < ring.total) pairs.push(pair);
  });
  return pairs.sort((a, b) => b.n - a.n);
}

/** What a conversation's suggestions start from. */
export interface LastCustomerMessage {
  /** The customer's latest text; null when they sent none (only media, or nothing yet). */
  text: string | null;
  /** ISO (UTC) time of that text. */
  at: string | null;
  /** That text came after the last agent reply. */
  awaitingReply: boolean;
  /** Agent messages in the conversation so far. */
  agentReplies: number;
}

/** The latest customer text of a conversation; undefined when the conversation has no message to learn from. */
export async function lastCustomerMessage(
  view: ProjectionView,
  workspaceId: string,
  chatId: string,
): Promise<LastCustomerMessage | undefined> {
  const doc = await view.get<ReplyChatDoc>(REPLY_CHAT_COLLECTION, replyChatDocId(workspaceId, chatId));
  if (!doc) return undefined;
  return {
    text: doc.lastCustomerText,
    at: doc.lastCustomerAt,
    awaitingReply: doc.awaitingReply,
    agentReplies: doc.agentReplies,
  };
}
