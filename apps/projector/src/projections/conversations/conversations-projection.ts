import {
  DEFAULT_CUSTOMER_NAME,
  REMOVED_PLACEHOLDER,
  type AtendeEvent,
  type MessageType,
  type ProjectionTx,
  type StoredEvent,
} from '@atende/events';
import { defineProjection } from '../../projection.js';
import {
  CONVERSATIONS_PROJECTION,
  CONVERSATION_COLLECTION,
  NO_MESSAGE_TEXT,
  WORKSPACE_STATS_COLLECTION,
  conversationKey,
  indexNamesOf,
  sortScoreOf,
  type ConversationRow,
  type WorkspaceStats,
} from './conversation-row.js';
import { chatIdOfStream, utcIso } from './event-helpers.js';

/** Longest last-message preview kept on a row (inbound texts may be 64 KB long). */
export const LAST_MESSAGE_PREVIEW_MAX = 1000;

type AnyStored = StoredEvent<AtendeEvent>;
type StartedEvent = StoredEvent<Extract<AtendeEvent, { type: 'ConversationStarted' }>>;

/** What the list shows for a message: its text, or `[Mídia: {type}]` for media without text. */
export function messagePreview(content: string, type: MessageType): string {
  if (!content.trim()) return type === 'text' ? NO_MESSAGE_TEXT : `[Mídia: ${type}]`;
  return content.length > LAST_MESSAGE_PREVIEW_MAX ? content.slice(0, LAST_MESSAGE_PREVIEW_MAX) : content;
}

/** A copy of `row` (one object shape for every row, which keeps replays fast). */
function copyRow(row: ConversationRow, updatedAt: string): ConversationRow {
  return {
    id: row.id,
    chatId: row.chatId,
    workspaceId: row.workspaceId,
    sessionId: row.sessionId,
    customerName: row.customerName,
    customerId: row.customerId,
    channel: row.channel,
    type: row.type,
    lastMessage: row.lastMessage,
    lastMessageType: row.lastMessageType,
    lastMessageFromMe: row.lastMessageFromMe,
    lastTimestamp: row.lastTimestamp,
    unreadCount: row.unreadCount,
    messageCount: row.messageCount,
    hasMedia: row.hasMedia,
    mediaType: row.mediaType,
    profilePic: row.profilePic,
    isPinned: row.isPinned,
    isArchived: row.isArchived,
    assigneeId: row.assigneeId,
    status: row.status,
    rating: row.rating,
    createdAt: row.createdAt,
    updatedAt,
    lastReadAt: row.lastReadAt,
    lastInboundAt: row.lastInboundAt,
    ...(row.overLimitMonth !== undefined ? { overLimitMonth: row.overLimitMonth } : {}),
    ...(row.erased ? { erased: true as const } : {}),
  };
}

/** The row of a conversation as its ConversationStarted makes it. */
function startedRow(event: StartedEvent, workspaceId: string, chatId: string): ConversationRow {
  const { data } = event;
  const occurredAt = utcIso(event.metadata.occurredAt);
  return {
    id: chatId,
    chatId,
    workspaceId,
    sessionId: data.sessionId,
    customerName: data.customerName || DEFAULT_CUSTOMER_NAME,
    customerId: data.customerId,
    channel: data.channel,
    type: data.type,
    lastMessage: NO_MESSAGE_TEXT,
    lastMessageType: null,
    lastMessageFromMe: false,
    lastTimestamp: null,
    unreadCount: 0,
    messageCount: 0,
    hasMedia: false,
    mediaType: null,
    profilePic: null,
    isPinned: false,
    isArchived: false,
    assigneeId: null,
    status: 'active',
    rating: null,
    createdAt: occurredAt,
    updatedAt: occurredAt,
    lastReadAt: null,
    lastInboundAt: null,
  };
}

/** Makes a message the row's last one, unless an already shown message is newer (a late backfill). */
function showLastMessage(
  row: ConversationRow,
  content: string,
  type: MessageType,
  fromMe: boolean,
  timestamp: string,
): void {
  if (row.lastTimestamp !== null && timestamp < row.lastTimestamp) return;
  const mediaType = type === 'text' ? null : type;
  row.lastMessage = messagePreview(content, type);
  row.lastMessageType = type;
  row.lastMessageFromMe = fromMe;
  row.lastTimestamp = timestamp;
  row.hasMedia = mediaType !== null;
  row.mediaType = mediaType;
}

/** Moves the row between indexes and re-scores it, touching only the entries that changed. */
function syncIndexes(tx: ProjectionTx, key: string, before: ConversationRow, after: ConversationRow): void {
  const rescored = before.lastTimestamp !== after.lastTimestamp || before.createdAt !== after.createdAt;
  if (
    before.isArchived === after.isArchived &&
    before.isPinned === after.isPinned &&
    before.assigneeId === after.assigneeId
  ) {
    if (!rescored) return;
    const score = sortScoreOf(after);
    for (const name of indexNamesOf(after)) tx.indexPut(name, key, score);
    return;
  }
  const was = indexNamesOf(before);
  const is = indexNamesOf(after);
  const score = sortScoreOf(after);
  for (const name of is) if (rescored || !was.includes(name)) tx.indexPut(name, key, score);
  for (const name of was) if (!is.includes(name)) tx.indexDelete(name, key);
}

/** Stores `next` in place of the conversation's row `before`, with its indexes and the workspace counters. */
function replaceRow(
  tx: ProjectionTx,
  key: string,
  workspaceId: string,
  before: ConversationRow,
  next: ConversationRow,
): void {
  tx.put(CONVERSATION_COLLECTION, key, next);
  syncIndexes(tx, key, before, next);
  const activeDelta = Number(!next.isArchived) - Number(!before.isArchived);
  const unreadDelta = next.unreadCount - before.unreadCount;
  if (activeDelta === 0 && unreadDelta === 0) return;
  const stats = tx.get<WorkspaceStats>(WORKSPACE_STATS_COLLECTION, workspaceId);
  if (!stats) return; // written when the conversation started
  tx.put(WORKSPACE_STATS_COLLECTION, workspaceId, {
    totalConversations: stats.totalConversations,
    activeConversations: stats.activeConversations + activeDelta,
    unreadTotal: stats.unreadTotal + unreadDelta,
    channels: stats.channels,
  } satisfies WorkspaceStats);
}

/**
 * Applies `change` to a copy of the conversation of the event's stream (skipped when the projection
 * never saw it start), keeping its indexes and the workspace counters in step.
 */
function updateRow(
  event: AnyStored,
  tx: ProjectionTx,
  change: (next: ConversationRow, current: ConversationRow) => void,
): void {
  const chatId = chatIdOfStream(event);
  if (chatId === undefined) return;
  const { workspaceId } = event.metadata;
  const key = conversationKey(workspaceId, chatId);
  const row = tx.get<ConversationRow>(CONVERSATION_COLLECTION, key);
  if (!row) return;
  const next = copyRow(row, utcIso(event.metadata.occurredAt));
  change(next, row);
  replaceRow(tx, key, workspaceId, row, next);
}

/**
 * The inbox list: one row per conversation (collection `conversation`, id `{workspaceId}:{chatId}`),
 * sorted indexes per workspace / assignee / pin state, and per-workspace counters
 * (collection `workspace-stats`, id workspaceId).
 */
export const conversationsProjection = defineProjection(CONVERSATIONS_PROJECTION, {
  ConversationStarted: (event, tx) => {
    const chatId = chatIdOfStream(event);
    if (chatId === undefined) return;
    const { workspaceId } = event.metadata;
    const key = conversationKey(workspaceId, chatId);
    const existing = tx.get<ConversationRow>(CONVERSATION_COLLECTION, key);
    if (existing) {
      // After an erasure the phone's next message starts the conversation afresh (as the decider
      // does): a new row, but the erased messages stay listed, so they stay counted.
      if (existing.erased) {
        const row = { ...startedRow(event, workspaceId, chatId), messageCount: existing.messageCount };
        replaceRow(tx, key, workspaceId, existing, row);
      }
      return;
    }
    const row = startedRow(event, workspaceId, chatId);
    tx.put(CONVERSATION_COLLECTION, key, row);
    const score = sortScoreOf(row);
    for (const name of indexNamesOf(row)) tx.indexPut(name, key, score);
    const stats = tx.get<WorkspaceStats>(WORKSPACE_STATS_COLLECTION, workspaceId);
    tx.put(WORKSPACE_STATS_COLLECTION, workspaceId, {
      totalConversations: (stats?.totalConversations ?? 0) + 1,
      activeConversations: (stats?.activeConversations ?? 0) + 1,
      unreadTotal: stats?.unreadTotal ?? 0,
      channels: !stats
        ? [row.channel]
        : stats.channels.includes(row.channel)
          ? stats.channels
          : [...stats.channels, row.channel].sort(),
    } satisfies WorkspaceStats);
  },

  InboundMessageReceived: (event, tx) =>
    updateRow(event, tx, (row) => {
      const { data } = event;
      const timestamp = utcIso(data.timestamp);
      row.sessionId = data.sessionId;
      row.messageCount += 1;
      row.unreadCount += 1;
      if (row.lastInboundAt === null || timestamp > row.lastInboundAt) row.lastInboundAt = timestamp;
      showLastMessage(row, data.content, data.type, false, timestamp);
    }),

  OutboundMessageRequested: (event, tx) =>
    updateRow(event, tx, (row) => {
      const { data } = event;
      row.messageCount += 1;
      showLastMessage(row, data.content, data.type, true, utcIso(data.timestamp));
    }),

  ConversationRead: (event, tx) =>
    updateRow(event, tx, (row) => {
      row.unreadCount = 0;
      row.lastReadAt = row.updatedAt;
    }),

  ConversationPinned: (event, tx) => updateRow(event, tx, (row) => void (row.isPinned = true)),
  ConversationUnpinned: (event, tx) => updateRow(event, tx, (row) => void (row.isPinned = false)),
  ConversationArchived: (event, tx) =>
    updateRow(event, tx, (row) => {
      row.isArchived = true;
      row.status = 'archived';
    }),
  ConversationUnarchived: (event, tx) =>
    updateRow(event, tx, (row) => {
      row.isArchived = false;
      row.status = 'active';
    }),
  ConversationAssigned: (event, tx) =>
    updateRow(event, tx, (row) => void (row.assigneeId = event.data.assigneeId)),
  ConversationTransferred: (event, tx) =>
    updateRow(event, tx, (row) => void (row.assigneeId = event.data.toAssigneeId)),
  ConversationRated: (event, tx) => updateRow(event, tx, (row) => void (row.rating = event.data.rating)),
  ConversationOverPlanLimit: (event, tx) =>
    updateRow(event, tx, (row) => void (row.overLimitMonth = event.data.month)),

  // LGPD erasure: the row as a rebuild shows it once the customer's key is gone (their events read
  // back as REMOVED_PLACEHOLDER), so live and rebuilt rows agree. Counts, state and times stay.
  ContactDataErased: (event, tx) =>
    updateRow(event, tx, (row) => {
      row.customerName = REMOVED_PLACEHOLDER;
      row.customerId = REMOVED_PLACEHOLDER;
      if (row.lastMessageType !== null) row.lastMessage = REMOVED_PLACEHOLDER;
      row.profilePic = null;
      row.erased = true;
    }),
});
