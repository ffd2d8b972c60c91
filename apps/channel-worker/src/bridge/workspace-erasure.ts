import {
  WORKSPACE_ERASURE_KEPT_TYPES,
  streams,
  type MediaStore,
  type SessionArchiveStore,
  type StoredEvent,
} from '@atende/events';
import type { BridgeCheckpoint } from './bridge-checkpoint.js';
import type { BridgeContext } from './bridge-context.js';

/** Tries of erasing a deleted workspace's events before leaving it to the next start. */
const ERASE_ATTEMPTS = 4;

export interface WorkspaceErasureOptions {
  checkpoint: BridgeCheckpoint;
  media: Pick<MediaStore, 'deleteWorkspace'> | undefined;
  /** The saved WhatsApp logins (the keys destroyed with the events make every copy unreadable too). */
  sessionArchives?: Pick<SessionArchiveStore, 'deleteWorkspace'>;
  /** Forgets a session of the deleted workspace (cached workspace, lease). */
  forgetSession(sessionId: string): Promise<void> | void;
  stopped(): boolean;
}

/**
 * 'Excluir todos os dados da conta': the workspace's WhatsApp sessions are logged out at once (a
 * paired phone stops delivering into a deleted workspace), then its events are erased from the
 * log. Until both are done the checkpoint stays before the deletion, so a restart does it again.
 * With several channel workers each does it (the owner's logout is the one that counts; a second
 * erasure finds nothing left).
 */
export async function eraseWorkspace(
  ctx: BridgeContext,
  event: StoredEvent,
  options: WorkspaceErasureOptions,
): Promise<void> {
  const {
    workspaceId,
    memberIds = [],
    channelSessionIds,
    keptAccountIds = [],
  } = event.data as {
    workspaceId: string;
    memberIds?: string[];
    channelSessionIds: string[];
    keptAccountIds?: string[];
  };
  const { checkpoint } = options;
  const { logger } = ctx;
  const key = `erase:${event.metadata.eventId}`;
  checkpoint.begin(key, event.globalPosition);
  ctx.closedWorkspaces.add(workspaceId);
  for (const sessionId of channelSessionIds) ctx.closedSessions.add(sessionId);
  await Promise.all(
    channelSessionIds.map(async (sessionId) => {
      await ctx.channel
        .disconnect(sessionId)
        .catch((error) =>
          ctx.logFailure(error, { sessionId }, 'session of a deleted workspace not logged out'),
        );
      await options.forgetSession(sessionId);
    }),
  );
  for (let attempt = 1; ; attempt += 1) {
    try {
      // The media first: its URLs are found by session, which the erasure keeps no trace of.
      await options.media?.deleteWorkspace(workspaceId, channelSessionIds);
      // After the logouts above: no backup of a stopped client can save a login again.
      await options.sessionArchives?.deleteWorkspace(workspaceId);
      const { erased } = await ctx.store.eraseWorkspace(workspaceId, {
        keepTypes: WORKSPACE_ERASURE_KEPT_TYPES,
        // Accounts of members of other companies too: the person's, they stay whole.
        keepStreams: keptAccountIds.map((userId) => streams.user(userId)),
        // The others are this company's only: their accounts go, their credentials' keys with them.
        erasedAccountStreams: memberIds
          .filter((userId) => !keptAccountIds.includes(userId))
          .map((userId) => streams.user(userId)),
      });
      logger.info({ workspaceId, erased, sessions: channelSessionIds.length }, 'workspace data erased');
      checkpoint.finish(key);
      return;
    } catch (error) {
      if (attempt === ERASE_ATTEMPTS || options.stopped()) throw error;
      logger.warn({ err: error, workspaceId, attempt }, 'workspace erasure failed; retrying');
      await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** attempt));
    }
  }
}
