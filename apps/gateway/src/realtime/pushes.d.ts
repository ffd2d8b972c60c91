import { type EventStore, type ReadModels, type StoredEvent } from '@atende/events';
import { type ConversationRow, type MessageRow } from '@atende/projector';
/** `whatsapp:newMessage` (spec §7 fields, plus status, fromMe, createdAt and the global position). */
export interface NewMessagePayload {
    id: string;
    content: string;
    sender: MessageRow['sender'];
    senderName: string;
    senderPhone: string;
    timestamp: string;
    type: MessageRow['type'];
    conversationId: string;
    mediaUrl: string | null;
    status: MessageRow['status'];
    fromMe: boolean;
    createdAt: string;
    position: number;
    /** The conversation row after this message (new messages only), so no second frame is needed. */
    conversation?: ConversationRow;
}
export interface MessageStatusPayload {
    conversationId: string;
    messageId: string;
    status: MessageRow['status'];
    /** Why sending failed (status `failed`), else null. */
    error: string | null;
    position: number;
}
export interface ConversationUpdatedPayload {
    /** The conversation's read-model row as it is when pushed (what a reload would show). */
    conversation: ConversationRow;
    position: number;
}
export interface ChannelPayload {
    sessionId: string;
    phoneNumber: string;
    position: number;
}
export interface ResyncPayload {
    /** Too many changes were missed to replay them: reload with REST, then live changes continue from here. */
    position: number;
    code: 'TOO_FAR_BEHIND';
}
/** What the server pushes. Every change carries its global position. */
export interface ServerToClientEvents {
    'whatsapp:newMessage': (payload: NewMessagePayload) => void;
    /** A message's media was stored or failed (same shape as a new message). */
    'message:updated': (payload: NewMessagePayload) => void;
    'message:status': (payload: MessageStatusPayload) => void;
    'conversation:updated': (payload: ConversationUpdatedPayload) => void;
    'whatsapp:connected': (payload: ChannelPayload) => void;
    'whatsapp:disconnected': (payload: ChannelPayload) => void;
    resync: (payload: ResyncPayload) => void;
}
export type PushName = Exclude<keyof ServerToClientEvents, 'resync'>;
/** One socket event to send for a stored event, and the rooms allowed to see it. */
export type Push = {
    [K in PushName]: {
        name: K;
        payload: Parameters<ServerToClientEvents[K]>[0];
        rooms: string[];
    };
}[PushName];
export interface PushContext {
    store: Pick<EventStore, 'readStream'>;
    readModels: ReadModels;
}
/** Whether an event of this stream and type can produce a push (so others need not wait for projections). */
export declare function mayPush(event: StoredEvent): boolean;
/**
 * The socket events of one stored event, built from the read models (which must already include it),
 * in the order to send them. Live fan-out and resume both use this, so they send the same things.
 */
export declare function pushesOf(ctx: PushContext, stored: StoredEvent): Promise<Push[]>;
