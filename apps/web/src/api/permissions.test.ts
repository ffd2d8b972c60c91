import { can, type Permission } from './permissions';
import type { MemberRole } from './types';

// What each role may use, as the product spec's roles say (each role holds the ones before it).
const AGENTE: Permission[] = ['conversations:own'];
const SUPERVISOR: Permission[] = [
  ...AGENTE,
  'conversations:all',
  'conversations:assign',
  'analytics:read',
  'team:read',
];
const ADMIN: Permission[] = [
  ...SUPERVISOR,
  'team:manage',
  'integrations:manage',
  'settings:manage',
  'contacts:privacy',
];
const EXPECTED: Record<MemberRole, Permission[]> = {
  Agente: AGENTE,
  Supervisor: SUPERVISOR,
  Admin: ADMIN,
  Owner: [...ADMIN, 'owners:manage', 'billing:manage'],
};
const ALL = EXPECTED.Owner;

describe('can', () => {
  it.each(Object.entries(EXPECTED))('gives a %s exactly its permissions', (role, held) => {
    expect(ALL.filter((permission) => can(role as MemberRole, permission))).toEqual(held);
  });

  it('gives nothing without a role, or to a role this client does not know', () => {
    for (const permission of ALL) {
      expect(can(null, permission)).toBe(false);
      expect(can(undefined, permission)).toBe(false);
      expect(can('Gerente' as MemberRole, permission)).toBe(false);
      expect(can('toString' as MemberRole, permission)).toBe(false);
    }
  });
});
