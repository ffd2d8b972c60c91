import type { MemberRole } from '@atende/events';
/** Who is asking: always from the session, never from a parameter. */
export interface RequestContext {
    userId: string;
    workspaceId: string;
    role: MemberRole;
    name: string;
    email: string;
    sessionTokenHash: string;
    requestId: string;
}
