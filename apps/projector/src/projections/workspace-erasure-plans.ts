import { integrationTypes } from '@atende/events';
import type { Projection } from '../projection.js';
import {
  eraseWorkspaceKeys,
  withWorkspaceErasure,
  type WorkspaceEraser,
} from '../erasure/workspace-erasure.js';
import { ANALYTICS_PROJECTION, analyticsCollections } from './analytics/index.js';
import {
  CANNED_REPLIES_PROJECTION,
  CANNED_REPLY_COLLECTION,
  CANNED_REPLY_REVISION_COLLECTION,
} from './canned-replies/index.js';
import {
  CHANNEL_SESSIONS_PROJECTION,
  PENDING_SESSIONS_INDEX,
  RESTORABLE_SESSIONS_INDEX,
  SESSION_COLLECTION,
  userSessionsIndex,
  type SessionDoc,
} from './channel-sessions/index.js';
import {
  CONVERSATIONS_PROJECTION,
  CONVERSATION_COLLECTION,
  WORKSPACE_STATS_COLLECTION,
} from './conversations/index.js';
import { EMAILS_PROJECTION, EMAIL_COLLECTION } from './emails/index.js';
import { MEMBERS_PROJECTION, memberCollections, type MembershipDoc } from './members/index.js';
import {
  CHAT_MESSAGE_IDS_COLLECTION,
  CHAT_MESSAGE_PAGE_COLLECTION,
  CHAT_READ_COLLECTION,
  MESSAGES_PROJECTION,
  MESSAGE_COLLECTION,
} from './messages/index.js';
import { NOTES_PROJECTION, NOTE_COLLECTION, REMINDERS_INDEX } from './notes/index.js';
import { INBOX_COLLECTION, NOTIFICATIONS_PROJECTION, REMINDER_COLLECTION } from './notifications/index.js';
import {
  REPLY_BLOCK_COLLECTION,
  REPLY_CHAT_COLLECTION,
  REPLY_RING_COLLECTION,
  REPLY_SUGGESTIONS_PROJECTION,
} from './reply-suggestions/index.js';
import { USERS_PROJECTION, userCollections, type UserDoc, type UserRefDoc } from './users/index.js';
import {
  WORKSPACES_PROJECTION,
  connectedIntegrationIndex,
  workspaceCollections,
} from './workspaces/index.js';

const keyed =
  (...collections: string[]): WorkspaceEraser =>
  (workspaceId, _event, tx) =>
    eraseWorkspaceKeys(tx, workspaceId, collections);

/**
 * What each projection drops when a workspace's data is deleted. A projection missing here keeps
 * data of deleted workspaces: every new projection must say what it erases (the erasure test
 * checks that nothing of the workspace remains).
 */
export const workspaceErasers: Readonly<Record<string, WorkspaceEraser>> = {
  [WORKSPACES_PROJECTION]: (workspaceId, _event, tx) => {
    eraseWorkspaceKeys(tx, workspaceId, Object.values(workspaceCollections));
    // The deployment-wide lists of connected integrations are keyed by workspace.
    for (const type of integrationTypes) tx.indexDelete(connectedIntegrationIndex(type), workspaceId);
  },
  [MEMBERS_PROJECTION]: (workspaceId, event, tx) => {
    eraseWorkspaceKeys(tx, workspaceId, [memberCollections.member]);
    // Memberships are keyed by user: the event names the members.
    for (const userId of event.data.memberIds) {
      const membership = tx.get<MembershipDoc>(memberCollections.membership, userId);
      if (!membership?.workspaceIds.includes(workspaceId)) continue;
      const workspaceIds = membership.workspaceIds.filter((w) => w !== workspaceId);
      if (workspaceIds.length === 0) tx.delete(memberCollections.membership, userId);
      else tx.put(memberCollections.membership, userId, { workspaceIds } satisfies MembershipDoc);
    }
  },
  [CHANNEL_SESSIONS_PROJECTION]: (workspaceId, event, tx) => {
    eraseWorkspaceKeys(tx, workspaceId, []);
    // Sessions are keyed by session id: the event names them.
    for (const sessionId of event.data.channelSessionIds) {
      const session = tx.get<SessionDoc>(SESSION_COLLECTION, sessionId);
      if (!session || session.workspaceId !== workspaceId) continue;
      tx.delete(SESSION_COLLECTION, sessionId);
      tx.indexDelete(userSessionsIndex(session.userId), sessionId);
      tx.indexDelete(RESTORABLE_SESSIONS_INDEX, sessionId);
      tx.indexDelete(PENDING_SESSIONS_INDEX, sessionId);
    }
  },
  [CONVERSATIONS_PROJECTION]: keyed(CONVERSATION_COLLECTION, WORKSPACE_STATS_COLLECTION),
  [MESSAGES_PROJECTION]: keyed(
    MESSAGE_COLLECTION,
    CHAT_READ_COLLECTION,
    CHAT_MESSAGE_IDS_COLLECTION,
    CHAT_MESSAGE_PAGE_COLLECTION,
  ),
  [NOTES_PROJECTION]: (workspaceId, _event, tx) => {
    eraseWorkspaceKeys(tx, workspaceId, [NOTE_COLLECTION]);
    tx.indexDeletePrefix(REMINDERS_INDEX, `${workspaceId}:`);
  },
  [NOTIFICATIONS_PROJECTION]: (workspaceId, _event, tx) => {
    eraseWorkspaceKeys(tx, workspaceId, [REMINDER_COLLECTION, INBOX_COLLECTION]);
    tx.indexDropPrefix(`user:${workspaceId}:`);
  },
  [EMAILS_PROJECTION]: keyed(EMAIL_COLLECTION),
  [CANNED_REPLIES_PROJECTION]: keyed(CANNED_REPLY_COLLECTION, CANNED_REPLY_REVISION_COLLECTION),
  [REPLY_SUGGESTIONS_PROJECTION]: keyed(REPLY_CHAT_COLLECTION, REPLY_RING_COLLECTION, REPLY_BLOCK_COLLECTION),
  [ANALYTICS_PROJECTION]: keyed(...Object.values(analyticsCollections)),
  [USERS_PROJECTION]: (workspaceId, event, tx) => {
    // Accounts are keyed by user: the event names the members; only accounts registered in this
    // workspace go (their events are erased from the log with it), unless they belong to other
    // workspaces too (kept whole, in the log as here).
    const kept = new Set(event.data.keptAccountIds ?? []);
    for (const userId of event.data.memberIds) {
      const user = tx.get<UserDoc>(userCollections.user, userId);
      if (!user || user.workspaceId !== workspaceId || kept.has(userId)) continue;
      tx.delete(userCollections.user, userId);
      const lookups: Array<[string, string | null]> = [
        [userCollections.byEmail, user.email],
        [userCollections.byFirebase, user.firebaseUid],
      ];
      for (const [collection, key] of lookups) {
        if (key !== null && tx.get<UserRefDoc>(collection, key)?.userId === userId)
          tx.delete(collection, key);
      }
    }
  },
};

/** Projections with nothing per workspace (none today: every projection says what it erases). */
export const projectionsWithoutWorkspaceData: ReadonlySet<string> = new Set<string>();

/** The projection with its workspace eraser (unchanged when it has no workspace data). */
export function erasable(projection: Projection): Projection {
  const eraser = workspaceErasers[projection.name];
  return eraser ? withWorkspaceErasure(projection, eraser) : projection;
}
