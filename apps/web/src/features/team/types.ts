import type { Me } from '../../api/types';

/** Spec §3 Team member roles, from the most to the least powerful (the order of the filter and the form). */
export const MEMBER_ROLES = ['Owner', 'Admin', 'Supervisor', 'Agente'] as const;
export type MemberRole = Me['role'];

export const MEMBER_STATUSES = ['active', 'inactive'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

// A member as GET/POST/PUT /api/team answer it: the contract shared with the gateway (types only: no zod in the bundle).
export type { TeamMember } from '@atende/api-contract';

/** What the add/edit form sends. */
export interface MemberFormValues {
  name: string;
  email: string;
  role: MemberRole;
  status: MemberStatus;
}

export const STATUS_LABELS: Record<MemberStatus, string> = { active: 'Ativo', inactive: 'Inativo' };

export type StatusFilter = 'all' | MemberStatus;
export type RoleFilter = 'all' | MemberRole;

export interface TeamFilters {
  search: string;
  status: StatusFilter;
  role: RoleFilter;
}

export const DEFAULT_FILTERS: TeamFilters = { search: '', status: 'all', role: 'all' };

/** Spec §2: 'Adicionar Membro' starts with Função Agente and Status active. */
export const DEFAULT_FORM_VALUES: MemberFormValues = {
  name: '',
  email: '',
  role: 'Agente',
  status: 'active',
};

/** The texts of the screen (spec §2, §4 and the issue). */
export const TEAM_TEXTS = {
  title: 'Equipe',
  subtitle: 'Gerencie usuários e administradores',
  add: 'Adicionar Membro',
  edit: 'Editar Membro',
  forbidden: 'Você não tem permissão para ver a equipe.',
  readOnly: 'Você pode ver a equipe, mas somente administradores podem alterá-la.',
  loading: 'Carregando equipe...',
  empty: 'Nenhum membro encontrado',
  clearFilters: 'Limpar filtros',
  retry: 'Tentar novamente',
  never: 'Nunca',
  removeConfirm: 'Tem certeza que deseja remover este membro da equipe?',
  nameRequired: 'Nome é obrigatório',
  invalidEmail: 'Email inválido',
  ownRole: 'Você não pode alterar a sua própria função',
  ownStatus: 'Você não pode desativar a sua própria conta',
  existingAccount: 'Esta pessoa já tinha uma conta e entra com a senha que já usava.',
  passwordNote:
    'Esta senha não será mostrada novamente. Copie-a agora e envie ao novo membro por um canal seguro.',
  resetPassword: 'Redefinir senha',
  resetting: 'Redefinindo...',
  resetConfirm: (name: string) =>
    `Redefinir a senha de ${name}? A pessoa sairá de todas as sessões e definirá uma nova senha no próximo acesso.`,
  resetPasswordNote:
    'Esta senha não será mostrada novamente. Copie-a agora e envie à pessoa por um canal seguro: ela definirá uma nova senha ao entrar.',
} as const;
