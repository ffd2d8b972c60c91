import type { ProjectionTx } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { chatIdOfStream, utcIso } from '../conversations/event-helpers.js';
import {
  REPLY_BLOCK_COLLECTION,
  REPLY_CHAT_COLLECTION,
  REPLY_QUESTION_MAX,
  REPLY_RING_COLLECTION,
  REPLY_RING_SLOTS,
  REPLY_SUGGESTIONS_PROJECTION,
  replyBlockDocId,
  replyBlockOf,
  replyChatDocId,
  type ReplyBlockDoc,
  type ReplyChatDoc,
  type ReplyPair,
  type ReplyRingDoc,
} from './types.js';

/** Appends a pair to the workspace's ring: one block document (≤ REPLY_BLOCK_SIZE pairs) and the head. */
function recordPair(tx: ProjectionTx, workspaceId: string, pair: Omit<ReplyPair, 'n'>): void {
  const ring = tx.get<ReplyRingDoc>(REPLY_RING_COLLECTION, workspaceId);
  const n = ring?.total ?? 0;
  const block = replyBlockOf(n);
  const blockId = replyBlockDocId(workspaceId, block % REPLY_RING_SLOTS);
  const current = tx.get<ReplyBlockDoc>(REPLY_BLOCK_COLLECTION, blockId);
  const entry: ReplyPair = { n, ...pair };
  // A slot still holding an older block is started afresh (its pairs are no longer among the kept ones).
  const pairs = current && current.block === block ? [...current.pairs, entry] : [entry];
  tx.put(REPLY_BLOCK_COLLECTION, blockId, { block, pairs } satisfies ReplyBlockDoc);
  tx.put(REPLY_RING_COLLECTION, workspaceId, { total: n + 1 } satisfies ReplyRingDoc);
}

/** Drops a conversation's pairs from every block of its workspace's ring (the numbering stays). */
function dropChatPairs(tx: ProjectionTx, workspaceId: string, chatId: string): void {
  for (let slot = 0; slot < REPLY_RING_SLOTS; slot += 1) {
    const blockId = replyBlockDocId(workspaceId, slot);
    const current = tx.get<ReplyBlockDoc>(REPLY_BLOCK_COLLECTION, blockId);
    if (!current?.pairs.some((p) => p.chatId === chatId)) continue;
    const pairs = current.pairs.filter((p) => p.chatId !== chatId);
    tx.put(REPLY_BLOCK_COLLECTION, blockId, { block: current.block, pairs } satisfies ReplyBlockDoc);
  }
}

/**
 * What reply suggestions learn from (spec §4 AI suggestions): per workspace its latest
 * REPLY_PAIRS_KEPT (customer text → agent reply) pairs, in a ring of small block documents, and per
 * conversation its latest customer text. A pair is recorded when an agent's text message follows one
 * or more customer text messages; further agent messages before the customer writes again are not
 * paired. Media messages are not text to learn from and leave the pairing as it was. An LGPD erasure
 * drops the conversation's pairs and text: a rebuild reads its texts as placeholders, records the
 * same pairs (numbered alike, since the domain never lets a text be blank) and drops them too.
 */
export const replySuggestionsProjection = defineProjection(REPLY_SUGGESTIONS_PROJECTION, {
  InboundMessageReceived: (event, tx) => {
    const { data } = event;
    if (data.type !== 'text') return;
    const text = data.content.trim().slice(0, REPLY_QUESTION_MAX);
    if (text === '') return;
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    const docId = replyChatDocId(event.metadata.workspaceId, chatId);
    const current = tx.get<ReplyChatDoc>(REPLY_CHAT_COLLECTION, docId);
    tx.put(REPLY_CHAT_COLLECTION, docId, {
      lastCustomerText: text,
      lastCustomerAt: utcIso(data.timestamp),
      awaitingReply: true,
      agentReplies: current?.agentReplies ?? 0,
    } satisfies ReplyChatDoc);
  },

  OutboundMessageRequested: (event, tx) => {
    const { data, metadata } = event;
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    const docId = replyChatDocId(metadata.workspaceId, chatId);
    const current = tx.get<ReplyChatDoc>(REPLY_CHAT_COLLECTION, docId);
    const answer = data.content.trim();
    const pairs = data.type === 'text' && answer !== '' && current?.awaitingReply === true;
    if (pairs && current.lastCustomerText !== null) {
      recordPair(tx, metadata.workspaceId, {
        chatId,
        question: current.lastCustomerText,
        answer,
        agentId: data.agentId,
        messageId: data.messageId,
        at: utcIso(metadata.occurredAt),
      });
    }
    tx.put(REPLY_CHAT_COLLECTION, docId, {
      lastCustomerText: current?.lastCustomerText ?? null,
      lastCustomerAt: current?.lastCustomerAt ?? null,
      awaitingReply: pairs ? false : (current?.awaitingReply ?? false),
      agentReplies: (current?.agentReplies ?? 0) + 1,
    } satisfies ReplyChatDoc);
  },

  // The conversation starts afresh when the phone writes again (its first reply is a first reply).
  ContactDataErased: (event, tx) => {
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    const { workspaceId } = event.metadata;
    tx.delete(REPLY_CHAT_COLLECTION, replyChatDocId(workspaceId, chatId));
    dropChatPairs(tx, workspaceId, chatId);
  },
});
