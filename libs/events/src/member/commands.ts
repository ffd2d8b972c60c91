import type { SeatAllowance } from '../workspace/plan.js';
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
        /** The workspace's plan and its active members now: an active member needs a free seat. */
        seats: SeatAllowance;
      };
    }
  | { type: 'UpdateMemberDetails'; data: { name: string; email: string } }
  | { type: 'ChangeMemberRole'; data: { role: MemberRole } }
  /** Activating takes a seat of the plan (`seats` as in AddMember). */
  | { type: 'ChangeMemberStatus'; data: { status: MemberStatus; seats: SeatAllowance } }
  | { type: 'RemoveMember'; data: Record<string, never> };
