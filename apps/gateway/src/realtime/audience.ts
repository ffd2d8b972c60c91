import type { MemberRole } from '@atende/events';
import { can } from '../auth/permissions.js';

const part = (id: string) => encodeURIComponent(id);

/**
 * Socket.IO rooms. Every room a change goes to is scoped by workspace, so a user who belongs to two
 * workspaces only gets, on a socket of one, that workspace's changes. Ids are URI-encoded so no two
 * names can collide.
 */
export const rooms = {
  /** The user's own room (the spec's `join:user`); joined for compatibility, nothing workspace-scoped is sent to it. */
  user: (userId: string) => `user:${part(userId)}`,
  /** The user in one workspace: conversations assigned to them, their own channel sessions. */
  member: (workspaceId: string, userId: string) => `ws:${part(workspaceId)}:user:${part(userId)}`,
  /** Supervisor, Admin, Owner: every conversation of the workspace. */
  all: (workspaceId: string) => `ws:${part(workspaceId)}:all`,
  /** Agents: conversations nobody is assigned to. */
  agentsUnassigned: (workspaceId: string) => `ws:${part(workspaceId)}:agents-unassigned`,
  /** Admin, Owner: every channel session of the workspace. */
  admins: (workspaceId: string) => `ws:${part(workspaceId)}:admins`,
  /** Control rooms (nothing is pushed to them): the sockets of one session, of one member. */
  session: (tokenHash: string) => `ctl:session:${part(tokenHash)}`,
  memberSockets: (workspaceId: string, userId: string) => `ctl:ws:${part(workspaceId)}:user:${part(userId)}`,
  userSockets: (userId: string) => `ctl:user:${part(userId)}`,
} as const;

/** The control rooms of a socket, joined at connection (see rooms.session). */
export function controlRoomsOf(user: {
  userId: string;
  workspaceId: string;
  sessionTokenHash: string;
}): string[] {
  return [
    rooms.session(user.sessionTokenHash),
    rooms.memberSockets(user.workspaceId, user.userId),
    rooms.userSockets(user.userId),
  ];
}

/** The rooms a member of a workspace listens to. */
export function roomsOf(user: { userId: string; workspaceId: string; role: MemberRole }): string[] {
  const ws = user.workspaceId;
  const names = [rooms.user(user.userId), rooms.member(ws, user.userId)];
  names.push(can(user.role, 'conversations:all') ? rooms.all(ws) : rooms.agentsUnassigned(ws));
  if (can(user.role, 'integrations:manage')) names.push(rooms.admins(ws));
  return names;
}

/** Audience of a conversation: its assignee (or the agents when unassigned) and supervisors. */
export function conversationRooms(workspaceId: string, assigneeId: string | null): string[] {
  return [
    rooms.all(workspaceId),
    assigneeId === null ? rooms.agentsUnassigned(workspaceId) : rooms.member(workspaceId, assigneeId),
  ];
}

/** Audience of a channel session change: its owner and the workspace's admins. */
export function channelRooms(workspaceId: string, ownerId: string): string[] {
  return [rooms.member(workspaceId, ownerId), rooms.admins(workspaceId)];
}
