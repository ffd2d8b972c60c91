import type { MemberRole, MemberStatus } from '@atende/events';

export const MEMBERS_PROJECTION = 'members';

export const memberCollections = {
  member: 'member',
  membership: 'membership',
} as const;

/** Id of a 'member' doc. */
export function memberDocId(workspaceId: string, userId: string): string {
  return `${workspaceId}:${userId}`;
}

/** Index of a workspace's members, score = joinedAt (ms). */
export function workspaceMembersIndex(workspaceId: string): string {
  return `ws:${workspaceId}`;
}

/** 'member' id `${workspaceId}:${userId}`. */
export interface MemberDoc {
  workspaceId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  status: MemberStatus;
  /** ISO instant the member was added. */
  joinedAt: string;
  /** ISO instant of the member's last action in the workspace (to the minute), or null. */
  lastActive: string | null;
}

/** 'membership' id userId: the workspaces the user belongs to, sorted. */
export interface MembershipDoc {
  workspaceIds: string[];
}
