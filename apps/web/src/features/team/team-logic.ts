import { can } from '../../api/permissions';
import type { Me } from '../../api/types';
import {
  MEMBER_ROLES,
  TEAM_TEXTS,
  type MemberFormValues,
  type MemberRole,
  type TeamFilters,
  type TeamMember,
} from './types';

const lower = (text: string) => text.toLocaleLowerCase('pt-BR');

/** Spec §2: search by name or e-mail (case-insensitive substring), then the status and role filters. */
export function filterMembers(members: readonly TeamMember[], filters: TeamFilters): TeamMember[] {
  const search = lower(filters.search.trim());
  return members.filter(
    (member) =>
      (filters.status === 'all' || member.status === filters.status) &&
      (filters.role === 'all' || member.role === filters.role) &&
      (!search || lower(member.name).includes(search) || lower(member.email).includes(search)),
  );
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** Last activity in pt-BR date and time ('02/01/2025, 03:04'), or 'Nunca' when there is none. */
export function formatLastActive(iso: string | null | undefined, timeZone?: string): string {
  if (!iso) return TEAM_TEXTS.never;
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return TEAM_TEXTS.never;
  const key = timeZone ?? '';
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone });
    dateTimeFormats.set(key, format);
  }
  return format.format(at);
}

/** The first letter of the name (or e-mail) for the avatar. */
export const memberInitial = (member: Pick<TeamMember, 'name' | 'email'>): string =>
  (member.name || member.email).trim().charAt(0).toLocaleUpperCase('pt-BR') || '?';

/** What the signed-in user may do here, as the gateway's permissions say (team:read, team:manage, owners:manage). */
export interface TeamAbilities {
  canRead: boolean;
  canManage: boolean;
  canManageOwners: boolean;
}

export function teamAbilities(role: MemberRole | null | undefined): TeamAbilities {
  return {
    canRead: can(role, 'team:read'),
    canManage: can(role, 'team:manage'),
    canManageOwners: can(role, 'owners:manage'),
  };
}

/** The roles the form offers: Owner only to an Owner (or when the member already is one). */
export function assignableRoles(
  viewerRole: MemberRole | null | undefined,
  current?: MemberRole,
): MemberRole[] {
  return MEMBER_ROLES.filter((role) => role !== 'Owner' || viewerRole === 'Owner' || current === 'Owner');
}

/** The edit button: an Owner's row only for another Owner (the server refuses anyone else). */
export function canEditMember(viewer: Pick<Me, 'role'> | null, member: TeamMember): boolean {
  const abilities = teamAbilities(viewer?.role);
  return abilities.canManage && (member.role !== 'Owner' || abilities.canManageOwners);
}

/** Spec §4: an Owner has no remove button; nobody removes themselves either (the server refuses). */
export function canRemoveMember(viewer: Pick<Me, 'id' | 'role'> | null, member: TeamMember): boolean {
  return teamAbilities(viewer?.role).canManage && member.role !== 'Owner' && member.id !== viewer?.id;
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FormErrors = Partial<Record<'name' | 'email', string>>;

/** The form's own checks, with the server's texts: a name, and an e-mail that looks like one. */
export function validateMemberForm(values: MemberFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.name.trim()) errors.name = TEAM_TEXTS.nameRequired;
  if (!EMAIL_PATTERN.test(values.email.trim())) errors.email = TEAM_TEXTS.invalidEmail;
  return errors;
}

/** The fields of an edit that differ from the member (names and e-mails trimmed, e-mails compared lower-cased). */
export function changedFields(member: TeamMember, values: MemberFormValues): Partial<MemberFormValues> {
  const changes: Partial<MemberFormValues> = {};
  const name = values.name.trim();
  const email = values.email.trim();
  if (name !== member.name) changes.name = name;
  if (lower(email) !== lower(member.email)) changes.email = email;
  if (values.role !== member.role) changes.role = values.role;
  if (values.status !== member.status) changes.status = values.status;
  return changes;
}

/**
 * Redefinir senha: whoever may edit the member (an Owner's row only for an Owner), never on one's own
 * row (that is Configurações > Alterar senha). The server also refuses an account another company shares.
 */
export function canResetPassword(viewer: Pick<Me, 'id' | 'role'> | null, member: TeamMember): boolean {
  return canEditMember(viewer, member) && member.id !== viewer?.id;
}
