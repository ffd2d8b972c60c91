import type { ProjectionView } from '@atende/events';
import {
  CANNED_REPLY_COLLECTION,
  CANNED_REPLY_REVISION_COLLECTION,
  cannedReplyDocId,
  workspaceCannedRepliesIndex,
  type CannedReplyDoc,
  type CannedReplyRevisionDoc,
} from './types.js';

/** The workspace's canned replies, oldest first (the order the team created them in). */
export async function listCannedReplies(
  view: ProjectionView,
  workspaceId: string,
): Promise<CannedReplyDoc[]> {
  const entries = await view.range(workspaceCannedRepliesIndex(workspaceId));
  const docs = await view.getMany<CannedReplyDoc>(
    CANNED_REPLY_COLLECTION,
    entries.map((e) => cannedReplyDocId(workspaceId, e.id)),
  );
  return docs.filter((d): d is CannedReplyDoc => d !== undefined);
}

export async function getCannedReply(
  view: ProjectionView,
  workspaceId: string,
  cannedReplyId: string,
): Promise<CannedReplyDoc | undefined> {
  return view.get<CannedReplyDoc>(CANNED_REPLY_COLLECTION, cannedReplyDocId(workspaceId, cannedReplyId));
}

/** How many replies the workspace has. */
export async function countCannedReplies(view: ProjectionView, workspaceId: string): Promise<number> {
  return view.count(workspaceCannedRepliesIndex(workspaceId));
}

/** The global position of the workspace's latest change to its replies; 0 before any. */
export async function cannedRepliesRevision(view: ProjectionView, workspaceId: string): Promise<number> {
  return (
    (await view.get<CannedReplyRevisionDoc>(CANNED_REPLY_REVISION_COLLECTION, workspaceId))?.position ?? 0
  );
}
