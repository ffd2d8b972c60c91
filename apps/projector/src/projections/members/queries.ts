import type { ProjectionView } from '@atende/events';
import {
  memberCollections as c,
  memberDocId,
  workspaceMembersIndex,
  type MemberDoc,
  type MembershipDoc,
} from './types.js';

/** The workspace's members, earliest joined first. */
export async function listMembers(view: ProjectionView, workspaceId: string): Promise<MemberDoc[]> {
  const entries = await view.range(workspaceMembersIndex(workspaceId));
  const docs = await view.getMany<MemberDoc>(
    c.member,
    entries.map((e) => memberDocId(workspaceId, e.id)),
  );
  return docs.filter((d): d is MemberDoc => d !== undefined);
}

export async function getMember(
  view: ProjectionView,
  workspaceId: string,
  userId: string,
): Promise<MemberDoc | undefined> {
  return view.get<MemberDoc>(c.member, memberDocId(workspaceId, userId));
}

/** Ids of the workspaces the user is a member of, sorted. */
export async function workspacesOf(view: ProjectionView, userId: string): Promise<string[]> {
  return (await view.get<MembershipDoc>(c.membership, userId))?.workspaceIds.slice() ?? [];
}
