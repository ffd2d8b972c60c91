import type { ProjectionView } from '@atende/events';
import { pageLimit } from '../conversations/queries.js';
import {
  CHAT_READ_COLLECTION,
  MESSAGE_COLLECTION,
  chatMessagesIndex,
  chatReadKey,
  messageKey,
  withReadState,
  type ChatReadState,
  type MessageRow,
} from './message-row.js';

export const DEFAULT_MESSAGES_LIMIT = 100;
export const MAX_MESSAGES_LIMIT = 500;

export interface LatestMessagesOptions {
  /** Default 100, at most 500. */
  limit?: number;
  /** Cursor: only messages with a position below it. */
  before?: number;
}

export interface MessagePage {
  /** Oldest first. */
  messages: MessageRow[];
  /** `before` for the page of older messages (the position of the oldest returned); null when none. */
  nextCursor: number | null;
}

/**
 * The newest `limit` messages of a conversation (before the cursor), returned oldest first
 * (spec §5 messages query). Defaults: limit 100 (max 500), from the newest.
 */
export async function latestMessages(
  view: ProjectionView,
  workspaceId: string,
  chatId: string,
  options: LatestMessagesOptions = {},
): Promise<MessagePage> {
  const limit = pageLimit(options.limit, DEFAULT_MESSAGES_LIMIT, MAX_MESSAGES_LIMIT);
  const below = options.before === undefined ? {} : { max: options.before, maxExclusive: true };
  const entries = await view.range(chatMessagesIndex(workspaceId, chatId), {
    reverse: true,
    ...below,
    limit: limit + 1,
  });
  const hasMore = entries.length > limit;
  const page = hasMore ? entries.slice(0, limit) : entries;
  if (page.length === 0) return { messages: [], nextCursor: null };
  page.reverse();
  const [rows, read] = await Promise.all([
    view.getMany<MessageRow>(
      MESSAGE_COLLECTION,
      page.map((e) => e.id),
    ),
    view.get<ChatReadState>(CHAT_READ_COLLECTION, chatReadKey(workspaceId, chatId)),
  ]);
  return {
    messages: rows
      .filter((row): row is MessageRow => row !== undefined)
      .map((row) => withReadState(row, read)),
    nextCursor: hasMore ? page[0]!.score : null,
  };
}

/** One message, null when unknown. */
export async function getMessage(
  view: ProjectionView,
  workspaceId: string,
  chatId: string,
  messageId: string,
): Promise<MessageRow | null> {
  const [row, read] = await Promise.all([
    view.get<MessageRow>(MESSAGE_COLLECTION, messageKey(workspaceId, chatId, messageId)),
    view.get<ChatReadState>(CHAT_READ_COLLECTION, chatReadKey(workspaceId, chatId)),
  ]);
  return row ? withReadState(row, read) : null;
}
