import type { MemberRole } from '@atende/events';
/**
 * Socket.IO rooms. Every room a change goes to is scoped by workspace, so a user who belongs to two
 * workspaces only gets, on a socket of one, that workspace's changes. Ids are URI-encoded so no two
 * names can collide.
 */
export declare const rooms: {
    /** The user's own room (the spec's `join:user`); joined for compatibility, nothing workspace-scoped is sent to it. */
    readonly user: (userId: string) => string;
    /** The user in one workspace: conversations assigned to them, their own channel sessions. */
    readonly member: (workspaceId: string, userId: string) => string;
    /** Supervisor, Admin, Owner: every conversation of the workspace. */
    readonly all: (workspaceId: string) => string;
    /** Agents: conversations nobody is assigned to. */
    readonly agentsUnassigned: (workspaceId: string) => string;
    /** Admin, Owner: every channel session of the workspace. */
    readonly admins: (workspaceId: string) => string;
};
/** The rooms a member of a workspace listens to. */
export declare function roomsOf(user: {
    userId: string;
    workspaceId: string;
    role: MemberRole;
}): string[];
/** Audience of a conversation change: its assignee (or the agents when unassigned) and supervisors. */
export declare function conversationRooms(workspaceId: string, assigneeId: string | null, 
/** For an assignment: who had it before (they are told it left their list). */
previousAssigneeId?: string | null): string[];
/** Audience of a channel session change: its owner and the workspace's admins. */
export declare function channelRooms(workspaceId: string, ownerId: string): string[];
