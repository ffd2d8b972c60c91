import type { ChatType, MessageType } from '@atende/events';

export const CONVERSATIONS_PROJECTION = 'conversations';
export const CONVERSATION_COLLECTION = 'conversation';
export const WORKSPACE_STATS_COLLECTION = 'workspace-stats';

/** List row text of a conversation without messages (spec §3). */
export const NO_MESSAGE_TEXT = 'Nenhuma mensagem';

export type MediaType = Exclude<MessageType, 'text'>;

/** One conversation as the inbox list shows it (spec §3 list row view). */
export interface ConversationRow {
  /** The chat id (the spec's conversation id). */
  id: string;
  chatId: string;
  workspaceId: string;
  /** The session of the latest inbound message. */
  sessionId: string;
  customerName: string;
  customerId: string;
  channel: 'whatsapp';
  type: ChatType;
  /** Text of the last message; `[Mídia: {type}]` for media without text; 'Nenhuma mensagem' when none. */
  lastMessage: string;
  lastMessageType: MessageType | null;
  lastMessageFromMe: boolean;
  /** ISO (UTC) time of the last message, null when none. */
  lastTimestamp: string | null;
  unreadCount: number;
  /** Inbound and outbound messages, late backfills included. */
  messageCount: number;
  /** Whether the last message carries media. */
  hasMedia: boolean;
  /** Media kind of the last message. */
  mediaType: MediaType | null;
  profilePic: string | null;
  isPinned: boolean;
  isArchived: boolean;
  assigneeId: string | null;
  status: 'active' | 'archived';
  rating: number | null;
  createdAt: string;
  /** Time of the last event applied. */
  updatedAt: string;
  lastReadAt: string | null;
  /** Time of the newest inbound message. */
  lastInboundAt: string | null;
  /** The month (YYYY-MM) it started beyond the plan's monthly limit; absent when it did not. */
  overLimitMonth?: string;
  /**
   * The customer's data was erased (LGPD, ContactDataErased): personal fields read as
   * REMOVED_PLACEHOLDER until the phone writes again and the conversation starts afresh. Absent otherwise.
   */
  erased?: true;
}

/** Counters for the dashboard's stat cards (spec §2 Dashboard overview). */
export interface WorkspaceStats {
  totalConversations: number;
  /** Conversations not archived. */
  activeConversations: number;
  /** Sum of unreadCount over every conversation. */
  unreadTotal: number;
  /** Distinct channels, sorted. */
  channels: string[];
}

export const EMPTY_WORKSPACE_STATS: Readonly<WorkspaceStats> = Object.freeze({
  totalConversations: 0,
  activeConversations: 0,
  unreadTotal: 0,
  channels: [],
});

/** Document id of a conversation row. */
export function conversationKey(workspaceId: string, chatId: string): string {
  return `${workspaceId}:${chatId}`;
}

/** Sorted indexes of conversation rows (entry id = conversationKey, score = sort time in ms). */
export const conversationIndexes = {
  /** Every conversation not archived. */
  all: (workspaceId: string) => `ws:${workspaceId}`,
  archived: (workspaceId: string) => `ws:${workspaceId}:archived`,
  /** Not archived, assigned to `userId`. */
  assignee: (workspaceId: string, userId: string) => `ws:${workspaceId}:assignee:${userId}`,
  /** Not archived, nobody assigned. */
  unassigned: (workspaceId: string) => `ws:${workspaceId}:unassigned`,
  /** Not archived, pinned. */
  pinned: (workspaceId: string) => `ws:${workspaceId}:pinned`,
  /** Archived, assigned to `userId` (the agent scope of the archived list). */
  archivedAssignee: (workspaceId: string, userId: string) => `ws:${workspaceId}:archived:assignee:${userId}`,
  /** Archived, nobody assigned. */
  archivedUnassigned: (workspaceId: string) => `ws:${workspaceId}:archived:unassigned`,
} as const;

interface AssigneeIndexNames {
  archived: readonly string[];
  active: readonly string[];
  activePinned: readonly string[];
}

/**
 * Index names by workspace, then assignee ('' = nobody): the same strings every time, so replays
 * build no names per event and the stores' lookups hash each name once.
 */
const namesByWorkspace = new Map<string, Map<string, AssigneeIndexNames>>();

function namesFor(workspaceId: string, assigneeId: string | null): AssigneeIndexNames {
  let byAssignee = namesByWorkspace.get(workspaceId);
  if (!byAssignee) namesByWorkspace.set(workspaceId, (byAssignee = new Map()));
  let names = byAssignee.get(assigneeId ?? '');
  if (!names) {
    const scope =
      assigneeId === null
        ? conversationIndexes.unassigned(workspaceId)
        : conversationIndexes.assignee(workspaceId, assigneeId);
    const active = [conversationIndexes.all(workspaceId), scope];
    names = {
      archived: [
        conversationIndexes.archived(workspaceId),
        assigneeId === null
          ? conversationIndexes.archivedUnassigned(workspaceId)
          : conversationIndexes.archivedAssignee(workspaceId, assigneeId),
      ],
      active,
      activePinned: [...active, conversationIndexes.pinned(workspaceId)],
    };
    byAssignee.set(assigneeId ?? '', names);
  }
  return names;
}

/** The indexes a row belongs to. */
export function indexNamesOf(row: ConversationRow): readonly string[] {
  const names = namesFor(row.workspaceId, row.assigneeId);
  if (row.isArchived) return names.archived;
  return row.isPinned ? names.activePinned : names.active;
}

/** Index score of a row: its last message time, or its creation time before any message (ms). */
export function sortScoreOf(row: ConversationRow): number {
  return Date.parse(row.lastTimestamp ?? row.createdAt);
}
