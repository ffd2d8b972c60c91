import { type RouteDefinition } from '../../http/route.js';
export declare const SANDBOX_MESSAGE_TYPES: readonly ["text", "image", "video", "audio", "document"];
export type SandboxRouteMessageType = (typeof SANDBOX_MESSAGE_TYPES)[number];
/**
 * What the routes need from the sandbox phone; `SandboxChannel` (@atende/channel-worker,
 * src/sandbox) has this shape. Its refusals are errors named `SandboxError` with a `code`.
 */
export interface SandboxPhone {
    /** Settles when what the phone reported so far is in the event log (rejects if it could not be). */
    delivered(): Promise<void>;
    scan(sessionId: string): void;
    inbound(sessionId: string, input: {
        from: string;
        name?: string | null;
        text?: string | null;
        type?: SandboxRouteMessageType | null;
        mediaUrl?: string | null;
        providerMessageId?: string | null;
    }): {
        providerMessageId: string;
        chatId: string;
        messageId: string;
    };
    ack(sessionId: string, providerMessageId: string, status: 'delivered' | 'read'): void;
    outbox(sessionId: string): readonly {
        providerMessageId: string;
        messageId: string;
        chatId: string;
        content: string;
        type: string;
        sentAt: string;
    }[];
}
export declare function sandboxRoutes(sandbox: SandboxPhone): RouteDefinition[];
