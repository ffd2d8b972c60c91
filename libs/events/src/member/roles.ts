/** Team roles of the Equipe screen (spec §6). */
export const memberRoles = ['Owner', 'Admin', 'Supervisor', 'Agente'] as const;
export type MemberRole = (typeof memberRoles)[number];

/** Ativo / Inativo. */
export const memberStatuses = ['active', 'inactive'] as const;
export type MemberStatus = (typeof memberStatuses)[number];

/** The member form's defaults (spec §2 Team). */
export const DEFAULT_MEMBER_ROLE: MemberRole = 'Agente';
export const DEFAULT_MEMBER_STATUS: MemberStatus = 'active';

export function isMemberRole(value: unknown): value is MemberRole {
  return typeof value === 'string' && (memberRoles as readonly string[]).includes(value);
}

export function isMemberStatus(value: unknown): value is MemberStatus {
  return typeof value === 'string' && (memberStatuses as readonly string[]).includes(value);
}
