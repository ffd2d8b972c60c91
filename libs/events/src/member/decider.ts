import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import { requireEmailAddress } from '../user/email-address.js';
import { requireSeat } from '../workspace/plan.js';
import type { MemberCommand } from './commands.js';
import type { MemberEvent } from './events.js';
import { MEMBER_NAME_MAX_LENGTH } from './events.js';
import type { MemberRole, MemberStatus } from './roles.js';
import { DEFAULT_MEMBER_ROLE, DEFAULT_MEMBER_STATUS, isMemberRole, isMemberStatus } from './roles.js';

export interface MemberFields {
  workspaceId: string;
  userId: string;
  name: string;
  email: string;
  role: MemberRole;
  status: MemberStatus;
}

/** `removed` keeps who it was; AddMember may bring the member back. */
export type MemberState =
  | { status: 'none' }
  | { status: 'active'; member: MemberFields }
  | { status: 'removed'; workspaceId: string; userId: string };

export const MEMBER_NOT_FOUND_MESSAGE = 'Membro não encontrado';
export const OWNER_CANNOT_BE_REMOVED_MESSAGE = 'O proprietário não pode ser removido';

function requireActive(state: MemberState): MemberFields {
  if (state.status !== 'active') throw new DomainError('MEMBER_NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE);
  return state.member;
}

function requireMemberName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) throw new DomainError('MEMBER_NAME_REQUIRED', 'Nome é obrigatório');
  if (trimmed.length > MEMBER_NAME_MAX_LENGTH) {
    throw new DomainError(
      'MEMBER_NAME_TOO_LONG',
      `Nome deve ter no máximo ${MEMBER_NAME_MAX_LENGTH} caracteres`,
    );
  }
  return trimmed;
}

function requireRole(role: unknown): MemberRole {
  if (!isMemberRole(role)) throw new DomainError('MEMBER_ROLE_INVALID', 'Função inválida');
  return role;
}

function requireStatus(status: unknown): MemberStatus {
  if (!isMemberStatus(status)) throw new DomainError('MEMBER_STATUS_INVALID', 'Status inválido');
  return status;
}

function decide(command: MemberCommand, state: MemberState): MemberEvent[] {
  switch (command.type) {
    case 'AddMember': {
      if (state.status === 'active') throw new DomainError('MEMBER_EXISTS', 'Membro já faz parte da equipe');
      const name = requireMemberName(command.data.name);
      const email = requireEmailAddress(command.data.email);
      const role = requireRole(command.data.role ?? DEFAULT_MEMBER_ROLE);
      const status = requireStatus(command.data.status ?? DEFAULT_MEMBER_STATUS);
      if (status === 'active') requireSeat(command.data.seats);
      return [
        {
          type: 'MemberAdded',
          data: {
            workspaceId: command.data.workspaceId,
            userId: command.data.userId,
            name,
            email,
            role,
            status,
          },
        },
      ];
    }
    case 'UpdateMemberDetails': {
      const member = requireActive(state);
      const name = requireMemberName(command.data.name);
      const email = requireEmailAddress(command.data.email);
      return name === member.name && email === member.email
        ? []
        : [{ type: 'MemberDetailsChanged', data: { userId: member.userId, name, email } }];
    }
    case 'ChangeMemberRole': {
      const member = requireActive(state);
      const role = requireRole(command.data.role);
      return role === member.role
        ? []
        : [{ type: 'MemberRoleChanged', data: { userId: member.userId, role } }];
    }
    case 'ChangeMemberStatus': {
      const member = requireActive(state);
      const status = requireStatus(command.data.status);
      if (status === member.status) return [];
      if (status === 'active') requireSeat(command.data.seats);
      return [{ type: 'MemberStatusChanged', data: { userId: member.userId, status } }];
    }
    case 'RemoveMember': {
      const member = requireActive(state);
      if (member.role === 'Owner')
        throw new DomainError('OWNER_CANNOT_BE_REMOVED', OWNER_CANNOT_BE_REMOVED_MESSAGE);
      return [{ type: 'MemberRemoved', data: { userId: member.userId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: MemberState, event: MemberEvent): MemberState {
  switch (event.type) {
    case 'MemberAdded':
      return { status: 'active', member: { ...event.data } };
    case 'MemberDetailsChanged':
      return state.status === 'active'
        ? { status: 'active', member: { ...state.member, name: event.data.name, email: event.data.email } }
        : state;
    case 'MemberRoleChanged':
      return state.status === 'active'
        ? { status: 'active', member: { ...state.member, role: event.data.role } }
        : state;
    case 'MemberStatusChanged':
      return state.status === 'active'
        ? { status: 'active', member: { ...state.member, status: event.data.status } }
        : state;
    case 'MemberRemoved':
      return state.status === 'active'
        ? { status: 'removed', workspaceId: state.member.workspaceId, userId: state.member.userId }
        : state;
    default:
      return assertNever(event);
  }
}

export const memberDecider: Decider<MemberCommand, MemberEvent, MemberState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
