import { z } from 'zod';
import { type ConversationCommand } from '@atende/events';
import { type ConversationRow, type ConversationScope, type MessageRow, type WorkspaceStats } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
/**
 * Who sees which conversation, shared by the WhatsApp calls and the conversation actions:
 * - only the session's workspace is ever read or written (another workspace's chat id is unknown here);
 * - `conversations:all` (Supervisor and up) sees every conversation of the workspace;
 * - otherwise (Agente) only conversations assigned to the member or to nobody. Someone else's
 *   conversation answers 404, for reads and commands alike, so its existence does not leak.
 */
/** A chat id in a URL or body (e.g. `5511999990001@c.us`, URL-encoded by clients). */
export declare const chatIdSchema: z.ZodString;
/** An optional `userId` the spec's calls carry: when given it must be the session's user. */
export declare const userIdField: z.ZodString;
export declare const conversationNotFound: () => HttpError;
/** 403 unless `userId` (from a query, body or path) is the signed-in user; nothing to check when absent. */
export declare function requireSelf(ctx: RequestContext, userId: string | undefined): void;
export declare function conversationScope(ctx: RequestContext): ConversationScope;
export declare function canSee(ctx: RequestContext, row: ConversationRow): boolean;
/** The conversation of the session's workspace the member may see, else 404. */
export declare function requireVisibleConversation(deps: GatewayDeps, ctx: RequestContext, chatId: string): Promise<ConversationRow>;
/**
 * Runs a command on a conversation the member may see (found with requireVisibleConversation) and
 * answers the row after the change (the read models include it when execute returns).
 */
export declare function runConversationCommand(deps: GatewayDeps, ctx: RequestContext, row: ConversationRow, command: ConversationCommand): Promise<ConversationRow>;
/** A conversation as the API answers it: the spec's backend names (§3) plus the list row fields. */
export declare const conversationSchema: z.ZodObject<{
    id: z.ZodString;
    conversationId: z.ZodString;
    chatId: z.ZodString;
    name: z.ZodString;
    conversationName: z.ZodString;
    customerName: z.ZodString;
    contactName: z.ZodString;
    customerId: z.ZodString;
    channel: z.ZodLiteral<"whatsapp">;
    platform: z.ZodLiteral<"whatsapp">;
    status: z.ZodEnum<{
        active: "active";
        archived: "archived";
    }>;
    type: z.ZodEnum<{
        private: "private";
        group: "group";
    }>;
    lastMessage: z.ZodString;
    lastMessageType: z.ZodNullable<z.ZodString>;
    lastMessageFromMe: z.ZodBoolean;
    lastTimestamp: z.ZodNullable<z.ZodString>;
    unreadCount: z.ZodNumber;
    messageCount: z.ZodNumber;
    hasMedia: z.ZodBoolean;
    mediaType: z.ZodNullable<z.ZodEnum<{
        image: "image";
        video: "video";
        audio: "audio";
        document: "document";
    }>>;
    profilePic: z.ZodNullable<z.ZodString>;
    profilePicture: z.ZodNullable<z.ZodString>;
    isPinned: z.ZodBoolean;
    isArchived: z.ZodBoolean;
    assigneeId: z.ZodNullable<z.ZodString>;
    assignedAgent: z.ZodNullable<z.ZodString>;
    rating: z.ZodNullable<z.ZodNumber>;
    createdAt: z.ZodString;
    updatedAt: z.ZodString;
    lastReadAt: z.ZodNullable<z.ZodString>;
    lastInboundAt: z.ZodNullable<z.ZodString>;
}, z.core.$strip>;
export type ConversationView = z.infer<typeof conversationSchema>;
export declare function conversationView(row: ConversationRow): ConversationView;
/** A message as the API answers it (spec §3 Message, plus the backend's fromMe/senderId). */
export declare const messageSchema: z.ZodObject<{
    id: z.ZodString;
    conversationId: z.ZodString;
    content: z.ZodString;
    sender: z.ZodEnum<{
        agent: "agent";
        customer: "customer";
    }>;
    senderName: z.ZodString;
    senderPhone: z.ZodString;
    senderId: z.ZodNullable<z.ZodString>;
    fromMe: z.ZodBoolean;
    timestamp: z.ZodString;
    createdAt: z.ZodString;
    type: z.ZodEnum<{
        text: "text";
        image: "image";
        video: "video";
        audio: "audio";
        document: "document";
    }>;
    status: z.ZodEnum<{
        failed: "failed";
        delivered: "delivered";
        read: "read";
        sent: "sent";
    }>;
    mediaUrl: z.ZodNullable<z.ZodString>;
    mediaStatus: z.ZodEnum<{
        failed: "failed";
        none: "none";
        stored: "stored";
        pending: "pending";
    }>;
    error: z.ZodNullable<z.ZodString>;
    position: z.ZodNumber;
}, z.core.$strip>;
export type MessageView = z.infer<typeof messageSchema>;
export declare function messageView(row: MessageRow): MessageView;
export declare const statsSchema: z.ZodObject<{
    totalConversations: z.ZodNumber;
    activeConversations: z.ZodNumber;
    unreadTotal: z.ZodNumber;
    channels: z.ZodArray<z.ZodString>;
}, z.core.$strip>;
/**
 * The dashboard's counters over what the member may see: the workspace's counters for
 * `conversations:all`, else computed over the agent's own and the unassigned conversations.
 */
export declare function visibleStats(deps: GatewayDeps, ctx: RequestContext): Promise<WorkspaceStats>;
