import {
  assignableRoles,
  canEditMember,
  canRemoveMember,
  canResetPassword,
  changedFields,
  filterMembers,
  formatLastActive,
  memberInitial,
  teamAbilities,
  validateMemberForm,
} from './team-logic';
import { member, team } from './test/team-fixtures';
import { DEFAULT_FILTERS } from './types';

const names = (rows: { name: string }[]) => rows.map((m) => m.name);

describe('filterMembers', () => {
  it('keeps everyone with the default filters', () => {
    expect(filterMembers(team(), DEFAULT_FILTERS)).toHaveLength(5);
  });

  it('searches the name or the e-mail as a case-insensitive substring', () => {
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, search: 'ADMIN' }))).toEqual(['Bruno Admin']);
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, search: 'empresa.com' }))).toEqual([
      'Carla Supervisora',
    ]);
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, search: '  érica ' }))).toEqual([
      'Érica Inativa',
    ]);
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, search: 'ÉRICA' }))).toEqual(['Érica Inativa']);
    expect(filterMembers(team(), { ...DEFAULT_FILTERS, search: 'ninguém' })).toEqual([]);
  });

  it('filters by status and by role, together with the search', () => {
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, status: 'inactive' }))).toEqual([
      'Érica Inativa',
    ]);
    expect(filterMembers(team(), { ...DEFAULT_FILTERS, status: 'active' })).toHaveLength(4);
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, role: 'Owner' }))).toEqual(['Ana Dona']);
    expect(names(filterMembers(team(), { ...DEFAULT_FILTERS, role: 'Agente' }))).toEqual([
      'Diego Atendente',
      'Érica Inativa',
    ]);
    expect(names(filterMembers(team(), { search: 'loja', status: 'active', role: 'Agente' }))).toEqual([
      'Diego Atendente',
    ]);
  });
});

describe('formatLastActive', () => {
  it('shows the pt-BR date and time, or Nunca', () => {
    expect(formatLastActive('2025-03-10T13:45:00.000Z', 'America/Sao_Paulo')).toBe('10/03/2025, 10:45');
    expect(formatLastActive('2025-03-10T13:45:00.000Z', 'UTC')).toBe('10/03/2025, 13:45');
    expect(formatLastActive(null)).toBe('Nunca');
    expect(formatLastActive('not a date')).toBe('Nunca');
  });
});

describe('permissions and the form', () => {
  it('follows the gateway: Supervisor reads, Admin manages, only an Owner handles Owners', () => {
    expect(teamAbilities('Agente')).toEqual({ canRead: false, canManage: false, canManageOwners: false });
    expect(teamAbilities('Supervisor')).toEqual({ canRead: true, canManage: false, canManageOwners: false });
    expect(teamAbilities('Admin')).toEqual({ canRead: true, canManage: true, canManageOwners: false });
    expect(teamAbilities('Owner')).toEqual({ canRead: true, canManage: true, canManageOwners: true });
    expect(teamAbilities(undefined).canRead).toBe(false);
    expect(assignableRoles('Owner')).toEqual(['Owner', 'Admin', 'Supervisor', 'Agente']);
    expect(assignableRoles('Admin')).toEqual(['Admin', 'Supervisor', 'Agente']);
  });

  it('never offers removing an Owner or oneself; an Admin does not edit an Owner', () => {
    const [owner, admin, , agent] = team();
    const ownerViewer = { id: owner!.id, role: 'Owner' as const };
    const adminViewer = { id: admin!.id, role: 'Admin' as const };
    expect(canRemoveMember(ownerViewer, owner!)).toBe(false);
    expect(canRemoveMember(adminViewer, { ...owner!, id: 'u_other_owner' })).toBe(false);
    expect(canRemoveMember(adminViewer, admin!)).toBe(false);
    expect(canRemoveMember(adminViewer, agent!)).toBe(true);
    expect(canRemoveMember({ id: 'x', role: 'Supervisor' }, agent!)).toBe(false);
    expect(canEditMember(adminViewer, owner!)).toBe(false);
    expect(canEditMember(ownerViewer, owner!)).toBe(true);
    expect(canEditMember(adminViewer, agent!)).toBe(true);
  });

  it('offers Redefinir senha where editing is allowed, never on the own row', () => {
    const [owner, admin, supervisor, agent] = team();
    const ownerViewer = { id: owner!.id, role: 'Owner' as const };
    const adminViewer = { id: admin!.id, role: 'Admin' as const };
    expect(canResetPassword(ownerViewer, owner!)).toBe(false);
    expect(canResetPassword(ownerViewer, { ...owner!, id: 'u_other_owner' })).toBe(true);
    expect(canResetPassword(ownerViewer, agent!)).toBe(true);
    expect(canResetPassword(adminViewer, admin!)).toBe(false);
    expect(canResetPassword(adminViewer, owner!)).toBe(false);
    expect(canResetPassword(adminViewer, supervisor!)).toBe(true);
    expect(canResetPassword({ id: supervisor!.id, role: 'Supervisor' }, agent!)).toBe(false);
    expect(canResetPassword(null, agent!)).toBe(false);
  });

  it('validates with the server texts and sends only what changed', () => {
    expect(validateMemberForm({ name: ' ', email: 'x', role: 'Agente', status: 'active' })).toEqual({
      name: 'Nome é obrigatório',
      email: 'Email inválido',
    });
    expect(
      validateMemberForm({ name: 'Ana', email: 'ana@loja.com', role: 'Agente', status: 'active' }),
    ).toEqual({});
    const m = member({ id: 'u1', name: 'Ana', email: 'ana@loja.com' });
    expect(
      changedFields(m, { name: 'Ana ', email: 'ANA@loja.com', role: 'Agente', status: 'active' }),
    ).toEqual({});
    expect(
      changedFields(m, { name: 'Ana Lu', email: 'ana@loja.com', role: 'Supervisor', status: 'inactive' }),
    ).toEqual({
      name: 'Ana Lu',
      role: 'Supervisor',
      status: 'inactive',
    });
    expect(memberInitial({ name: ' érica', email: '' })).toBe('É');
  });
});
