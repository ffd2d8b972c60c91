import type { IncomingHttpHeaders } from 'node:http';
import type { MemberRole } from '@atende/events';
import type { GatewayDeps } from '../http/gateway-deps.js';
/** Who a socket belongs to: always from the session cookie of its handshake, never from a payload. */
export interface SocketUser {
    userId: string;
    workspaceId: string;
    role: MemberRole;
    name: string;
    /** SHA-256 of the cookie token (to re-check the session while the socket stays open). */
    sessionTokenHash: string;
}
/** The session token of a `cookie` header (same rules as the HTTP side), or undefined. */
export declare function sessionTokenOf(cookieHeader: string | undefined): string | undefined;
/**
 * The signed-in member of a socket handshake: undefined when there is no live session, or the member
 * was removed or deactivated since. Does not extend the session (a socket cannot set the cookie).
 */
export declare function authenticateHandshake(deps: Pick<GatewayDeps, 'sessions' | 'readModels'>, headers: IncomingHttpHeaders): Promise<SocketUser | undefined>;
/** Whether the session behind a socket is still live and its member still active. */
export declare function stillAuthenticated(deps: Pick<GatewayDeps, 'sessions' | 'readModels'>, user: SocketUser): Promise<boolean>;
/**
 * Browsers always send Origin on a WebSocket / XHR handshake: it must be this host or the configured
 * web origin (a page on another site must not open a socket with the user's cookie). Clients that are
 * not browsers send none.
 */
export declare function originAllowed(headers: IncomingHttpHeaders, webOrigin: string | undefined): boolean;
