import type { IncomingHttpHeaders } from 'node:http';
import { parse } from 'cookie';
import type { MemberRole } from '@atende/events';
import { getMember } from '@atende/projector';
import { SESSION_COOKIE } from '../auth/session-cookie.js';
import { hashToken } from '../auth/session-store.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { enrolmentPending } from '../auth/second-factor.js';

/** Who a socket belongs to: always from the session cookie of its handshake, never from a payload. */
export interface SocketUser {
  userId: string;
  workspaceId: string;
  role: MemberRole;
  name: string;
  /** SHA-256 of the cookie token (to re-check the session while the socket stays open). */
  sessionTokenHash: string;
  /** When the session expires unless a request extends it (ms since the epoch). */
  sessionExpiresAt: number;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{20,100}$/;

/** The session token of a `cookie` header (same rules as the HTTP side), or undefined. */
export function sessionTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  let token: string | undefined;
  try {
    token = parse(cookieHeader)[SESSION_COOKIE];
  } catch {
    return undefined;
  }
  return token && TOKEN_PATTERN.test(token) ? token : undefined;
}

/**
 * The signed-in member of a socket handshake: undefined when there is no live session, or the member
 * was removed or deactivated since. Does not extend the session (a socket cannot set the cookie).
 */
export async function authenticateHandshake(
  deps: Pick<GatewayDeps, 'sessions' | 'readModels'>,
  headers: IncomingHttpHeaders,
): Promise<SocketUser | undefined> {
  const token = sessionTokenOf(headers.cookie);
  if (!token) return undefined;
  const sessionTokenHash = hashToken(token);
  const session = await deps.sessions.get(sessionTokenHash, Date.now());
  if (!session) return undefined;
  const member = await getMember(deps.readModels.view('members'), session.workspaceId, session.userId);
  if (!member || member.status !== 'active') return undefined;
  // A workspace that requires two-factor sign-in serves no socket before the account enrolled.
  if (await enrolmentPending(deps, session.workspaceId, session.userId)) return undefined;
  return {
    userId: session.userId,
    workspaceId: session.workspaceId,
    role: member.role,
    name: member.name,
    sessionTokenHash,
    sessionExpiresAt: session.expiresAt,
  };
}

/**
 * Whether the session behind a socket is still live and its member still active: the session's
 * current expiry (requests slide it), or undefined when it ended.
 */
export async function stillAuthenticated(
  deps: Pick<GatewayDeps, 'sessions' | 'readModels'>,
  user: SocketUser,
): Promise<number | undefined> {
  const session = await deps.sessions.get(user.sessionTokenHash, Date.now());
  if (!session) return undefined;
  const member = await getMember(deps.readModels.view('members'), user.workspaceId, user.userId);
  return member !== undefined && member.status === 'active' ? session.expiresAt : undefined;
}

/**
 * Browsers always send Origin on a WebSocket / XHR handshake: it must be this host or the configured
 * web origin (a page on another site must not open a socket with the user's cookie). Clients that are
 * not browsers send none.
 */
export function originAllowed(headers: IncomingHttpHeaders, webOrigin: string | undefined): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (webOrigin && origin === webOrigin) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false;
  }
}
