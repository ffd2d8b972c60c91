import type { MemberRole, MemberStatus } from './roles.js';

export type MemberCommand =
  | {
      type: 'AddMember';
      data: {
        workspaceId: string;
        userId: string;
        name: string;
        email: string;
        /** Default 'Agente'. */
        role?: MemberRole;
        /** Default 'active'. */
        status?: MemberStatus;
      };
    }
  | { type: 'UpdateMemberDetails'; data: { name: string; email: string } }
  | { type: 'ChangeMemberRole'; data: { role: MemberRole } }
  | { type: 'ChangeMemberStatus'; data: { status: MemberStatus } }
  | { type: 'RemoveMember'; data: Record<string, never> };
