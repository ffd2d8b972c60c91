import { z } from 'zod';
import type { Conversation, Message } from '@atende/api-contract';
import {
  CONVERSATION_NOT_FOUND_MESSAGE,
  MEDIA_URL_PREFIX,
  conversationDecider,
  streams,
  type ConversationCommand,
} from '@atende/events';
import {
  CONVERSATION_COLLECTION,
  conversationIndexes,
  getConversation,
  getWorkspaceStats,
  type ConversationRow,
  type ConversationScope,
  type MessageRow,
  type WorkspaceStats,
} from '@atende/projector';
import { can } from '../../auth/permissions.js';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import { HttpError, forbidden } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';

/**
 * Who sees which conversation, shared by the WhatsApp calls and the conversation actions:
 * - only the session's workspace is ever read or written (another workspace's chat id is unknown here);
 * - `conversations:all` (Supervisor and up) sees every conversation of the workspace;
 * - otherwise (Agente) only conversations assigned to the member or to nobody. Someone else's
 *   conversation answers 404, for reads and commands alike, so its existence does not leak.
 */

/** A chat id in a URL or body (e.g. `5511999990001@c.us`, URL-encoded by clients). */
export const chatIdSchema = z.string().trim().min(1).max(256);
/** An optional `userId` the spec's calls carry: when given it must be the session's user. */
export const userIdField = z.string().min(1).max(256);

export const conversationNotFound = () =>
  new HttpError(404, 'CONVERSATION_NOT_FOUND', CONVERSATION_NOT_FOUND_MESSAGE);

/** 403 unless `userId` (from a query, body or path) is the signed-in user; nothing to check when absent. */
export function requireSelf(ctx: RequestContext, userId: string | undefined): void {
  if (userId !== undefined && userId !== ctx.userId) throw forbidden();
}

export function conversationScope(ctx: RequestContext): ConversationScope {
  return can(ctx.role, 'conversations:all') ? { kind: 'all' } : { kind: 'agent', userId: ctx.userId };
}

export function canSee(ctx: RequestContext, row: ConversationRow): boolean {
  if (row.workspaceId !== ctx.workspaceId) return false;
  if (can(ctx.role, 'conversations:all')) return true;
  return row.assigneeId === null || row.assigneeId === ctx.userId;
}

/** The conversation of the session's workspace the member may see, else 404. */
export async function requireVisibleConversation(
  deps: GatewayDeps,
  ctx: RequestContext,
  chatId: string,
): Promise<ConversationRow> {
  const row = await getConversation(deps.readModels.view('conversations'), ctx.workspaceId, chatId);
  if (!row || !canSee(ctx, row)) throw conversationNotFound();
  return row;
}

/**
 * Runs a command on a conversation the member may see (found with requireVisibleConversation) and
 * answers the row after the change (the read models include it when execute returns).
 */
export async function runConversationCommand(
  deps: GatewayDeps,
  ctx: RequestContext,
  row: ConversationRow,
  command: ConversationCommand,
): Promise<ConversationRow> {
  await execute(deps, ctx, conversationDecider, streams.conversation(ctx.workspaceId, row.chatId), command);
  const after = await getConversation(deps.readModels.view('conversations'), ctx.workspaceId, row.chatId);
  return after ?? row;
}

export type ConversationView = Conversation;

/** A conversation as the API answers it and the socket pushes it: the row with the spec's alias fields. */
export function conversationView(row: ConversationRow): ConversationView {
  return {
    id: row.chatId,
    conversationId: row.chatId,
    chatId: row.chatId,
    name: row.customerName,
    conversationName: row.customerName,
    customerName: row.customerName,
    contactName: row.customerName,
    customerId: row.customerId,
    channel: row.channel,
    platform: row.channel,
    status: row.status,
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
    profilePicture: row.profilePic,
    isPinned: row.isPinned,
    isArchived: row.isArchived,
    assigneeId: row.assigneeId,
    assignedAgent: row.assigneeId,
    rating: row.rating,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    lastReadAt: row.lastReadAt,
    lastInboundAt: row.lastInboundAt,
    overLimitMonth: row.overLimitMonth ?? null,
  };
}

export type MessageView = Message;

/** Only media kept here is shown: a URL a driver or a customer gave is never hot-linked. */
function servedMediaUrl(row: Pick<MessageRow, 'mediaStatus' | 'mediaUrl'>): string | null {
  return row.mediaStatus === 'stored' && row.mediaUrl?.startsWith(MEDIA_URL_PREFIX) ? row.mediaUrl : null;
}

export function messageView(row: MessageRow): MessageView {
  return {
    id: row.id,
    conversationId: row.conversationId,
    content: row.content,
    sender: row.sender,
    senderName: row.senderName,
    senderPhone: row.senderPhone,
    senderId: row.fromMe ? row.agentId : row.senderPhone,
    fromMe: row.fromMe,
    timestamp: row.timestamp,
    createdAt: row.createdAt,
    type: row.type,
    status: row.status,
    mediaUrl: servedMediaUrl(row),
    mediaStatus: row.mediaStatus,
    fileName: row.fileName ?? null,
    error: row.error,
    position: row.position,
  };
}

/**
 * The dashboard's counters over what the member may see: the workspace's counters for
 * `conversations:all`, else computed over the agent's own and the unassigned conversations.
 */
export async function visibleStats(deps: GatewayDeps, ctx: RequestContext): Promise<WorkspaceStats> {
  const view = deps.readModels.view('conversations');
  const scope = conversationScope(ctx);
  if (scope.kind === 'all') return getWorkspaceStats(view, ctx.workspaceId);
  const ws = ctx.workspaceId;
  const i = conversationIndexes;
  const [own, unassigned, ownArchived, unassignedArchived] = await Promise.all(
    [
      i.assignee(ws, scope.userId),
      i.unassigned(ws),
      i.archivedAssignee(ws, scope.userId),
      i.archivedUnassigned(ws),
    ].map((index) => view.range(index)),
  );
  const keys = [...own!, ...unassigned!, ...ownArchived!, ...unassignedArchived!].map((e) => e.id);
  const rows = keys.length > 0 ? await view.getMany<ConversationRow>(CONVERSATION_COLLECTION, keys) : [];
  let unreadTotal = 0;
  const channels = new Set<string>();
  for (const row of rows) {
    if (!row) continue;
    unreadTotal += row.unreadCount;
    channels.add(row.channel);
  }
  return {
    totalConversations: keys.length,
    activeConversations: own!.length + unassigned!.length,
    unreadTotal,
    channels: [...channels].sort(),
  };
}
