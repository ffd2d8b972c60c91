import type { ProjectionView } from '@atende/events';
import {
  PENDING_SESSIONS_INDEX,
  RESTORABLE_SESSIONS_INDEX,
  SESSION_COLLECTION,
  userSessionsIndex,
  workspaceSessionsIndex,
  type SessionDoc,
} from './types.js';

async function sessionsOf(view: ProjectionView, index: string, since?: Date): Promise<SessionDoc[]> {
  const entries = await view.range(index, { reverse: true, ...(since ? { min: since.getTime() } : {}) });
  const docs = await view.getMany<SessionDoc>(
    SESSION_COLLECTION,
    entries.map((e) => e.id),
  );
  return docs.filter((d): d is SessionDoc => d !== undefined);
}

export async function getSession(view: ProjectionView, sessionId: string): Promise<SessionDoc | undefined> {
  return view.get<SessionDoc>(SESSION_COLLECTION, sessionId);
}

/** The user's sessions, most recently updated first. */
export async function listSessionsOfUser(view: ProjectionView, userId: string): Promise<SessionDoc[]> {
  return sessionsOf(view, userSessionsIndex(userId));
}

/** The workspace's sessions, most recently updated first. */
export async function listSessionsOfWorkspace(
  view: ProjectionView,
  workspaceId: string,
): Promise<SessionDoc[]> {
  return sessionsOf(view, workspaceSessionsIndex(workspaceId));
}

/** Sessions a starting channel worker restores (connected before, not disconnected since). */
export async function listRestorableSessions(view: ProjectionView): Promise<SessionDoc[]> {
  return sessionsOf(view, RESTORABLE_SESSIONS_INDEX);
}

/**
 * Sessions waiting for their QR code to be scanned that were requested, or issued a QR code, at
 * `since` or later, most recent first: a channel worker takes them over when the one showing their
 * QR code died. Older ones count as abandoned (the user asks again).
 */
export async function listPendingSessions(view: ProjectionView, since: Date): Promise<SessionDoc[]> {
  return sessionsOf(view, PENDING_SESSIONS_INDEX, since);
}
