export const REPLY_SUGGESTIONS_PROJECTION = 'reply-suggestions';

/** Per conversation (id `{workspaceId}:{chatId}`): its latest customer text and whether it awaits a reply. */
export const REPLY_CHAT_COLLECTION = 'reply-chat';
/** Per workspace (id `{workspaceId}`): how many pairs were ever recorded (the ring's head). */
export const REPLY_RING_COLLECTION = 'reply-ring';
/** Per workspace, the ring's blocks (id `{workspaceId}:{slot}`), each up to REPLY_BLOCK_SIZE pairs. */
export const REPLY_BLOCK_COLLECTION = 'reply-block';

/** How many of a workspace's latest pairs are kept and answered. */
export const REPLY_PAIRS_KEPT = 500;
/** Pairs per block document: an event rewrites one block of at most this many pairs. */
export const REPLY_BLOCK_SIZE = 50;
/**
 * Blocks in the ring: one more than REPLY_PAIRS_KEPT needs, so that the block being filled never
 * overwrites a block still holding some of the latest REPLY_PAIRS_KEPT pairs.
 */
export const REPLY_RING_SLOTS = REPLY_PAIRS_KEPT / REPLY_BLOCK_SIZE + 1;
/** Longest customer text kept (longer ones are cut): enough to match on, small enough to store often. */
export const REPLY_QUESTION_MAX = 1000;

export function replyChatDocId(workspaceId: string, chatId: string): string {
  return `${workspaceId}:${chatId}`;
}

export function replyBlockDocId(workspaceId: string, slot: number): string {
  return `${workspaceId}:${slot}`;
}

/** The ring slot holding pair number `n` (0-based, in the order recorded). */
export function replyBlockOf(n: number): number {
  return Math.floor(n / REPLY_BLOCK_SIZE);
}

/** A customer message and the agent reply that followed it in the same conversation. */
export interface ReplyPair {
  /** 0-based number of the pair in its workspace, in the order recorded. */
  n: number;
  chatId: string;
  /** The latest customer text before the reply (cut to REPLY_QUESTION_MAX). */
  question: string;
  /** What the agent sent. */
  answer: string;
  agentId: string;
  /** The reply's message id. */
  messageId: string;
  /** ISO (UTC) time the reply was requested. */
  at: string;
}

/** 'reply-chat' id `{workspaceId}:{chatId}`. */
export interface ReplyChatDoc {
  /** The latest text the customer sent (cut to REPLY_QUESTION_MAX); null before any. */
  lastCustomerText: string | null;
  /** ISO (UTC) time of that message (the provider's). */
  lastCustomerAt: string | null;
  /** A customer text arrived after the last agent reply (the next reply makes a pair). */
  awaitingReply: boolean;
  /** Agent messages requested in the conversation. */
  agentReplies: number;
}

/** 'reply-ring' id `{workspaceId}`. */
export interface ReplyRingDoc {
  /** Pairs ever recorded: the next one is number `total`. */
  total: number;
}

/** 'reply-block' id `{workspaceId}:{block % REPLY_RING_SLOTS}`. */
export interface ReplyBlockDoc {
  /** Which block of the workspace's sequence this slot holds now (pairs block*SIZE … +SIZE-1). */
  block: number;
  pairs: ReplyPair[];
}
