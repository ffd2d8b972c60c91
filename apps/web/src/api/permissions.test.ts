import { can, type Permission } from './permissions';
import type { MemberRole } from './types';

// What each role may use, as the product spec's roles say (the table itself is the server's).
const EXPECTED: Record<MemberRole, Permission[]> = {
  Agente: ['conversations:own'],
  Supervisor: [
    'conversations:own',
    'conversations:all',
    'conversations:assign',
    'analytics:read',
    'team:read',
  ],
  Admin: [
    'conversations:own',
    'conversations:all',
    'conversations:assign',
    'analytics:read',
    'team:read',
    'team:manage',
    'integrations:manage',
    'settings:manage',
    'contacts:privacy',
  ],
  Owner: [
    'conversations:own',
    'conversations:all',
    'conversations:assign',
    'analytics:read',
    'team:read',
    'team:manage',
    'integrations:manage',
    'settings:manage',
    'contacts:privacy',
    'owners:manage',
    'billing:manage',
  ],
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
