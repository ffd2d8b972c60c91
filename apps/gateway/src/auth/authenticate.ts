import type { Request, Response } from 'express';
import { getMember, getWorkspace } from '@atende/projector';
import type { GatewayDeps } from '../http/gateway-deps.js';
import type { RequestContext } from './request-context.js';
import { readSessionToken, setSessionCookie } from './session-cookie.js';
import { hashToken } from './session-store.js';

const MINUTE = 60_000;
export const DEFAULT_SESSION_MINUTES = 30;

/** Minutes of inactivity a session lives: the workspace's security setting (spec default 30). */
export async function sessionMinutes(deps: GatewayDeps, workspaceId: string): Promise<number> {
  const workspace = await getWorkspace(deps.readModels.view('workspaces'), workspaceId);
  return workspace?.settings.security.sessionTimeout ?? DEFAULT_SESSION_MINUTES;
}

/**
 * The signed-in member of a request, from the session cookie: undefined when there is no live
 * session, or the member was removed or deactivated since. Extends the session (sliding expiry).
 */
export async function authenticate(
  deps: GatewayDeps,
  req: Request,
  res: Response,
): Promise<RequestContext | undefined> {
  const token = readSessionToken(req);
  if (!token) return undefined;
  const tokenHash = hashToken(token);
  const now = Date.now();
  const session = await deps.sessions.get(tokenHash, now);
  if (!session) return undefined;
  const member = await getMember(deps.readModels.view('members'), session.workspaceId, session.userId);
  if (!member || member.status !== 'active') {
    await deps.sessions.delete(tokenHash);
    return undefined;
  }
  const minutes = await sessionMinutes(deps, session.workspaceId);
  // Extend at most once a minute: a busy client does not write on every request.
  if (session.expiresAt - now < minutes * MINUTE - MINUTE) {
    await deps.sessions.extend(tokenHash, now + minutes * MINUTE);
    setSessionCookie(req, res, token, minutes * 60);
  }
  return {
    userId: session.userId,
    workspaceId: session.workspaceId,
    role: member.role,
    name: member.name,
    email: member.email,
    sessionTokenHash: tokenHash,
    requestId: String(req.id ?? ''),
  };
}
