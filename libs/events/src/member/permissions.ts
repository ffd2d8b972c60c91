import type { MemberRole } from './roles.js';

/**
 * What each role may do: the server checks it on every call; the web client reads the same table
 * (`@atende/events/permissions`, no runtime dependency) to show each role only what it may use.
 */
export type Permission =
  | 'conversations:own' // see and answer conversations assigned to me or to nobody
  | 'conversations:all' // see and answer every conversation
  | 'conversations:assign' // assign and transfer
  | 'analytics:read'
  | 'team:read'
  | 'team:manage'
  | 'integrations:manage'
  | 'settings:manage'
  | 'owners:manage'
  | 'billing:manage'
  | 'contacts:privacy'; // a customer's LGPD requests: export and erase their data

const agent: Permission[] = ['conversations:own'];
const supervisor: Permission[] = [
  ...agent,
  'conversations:all',
  'conversations:assign',
  'analytics:read',
  'team:read',
];
const admin: Permission[] = [
  ...supervisor,
  'team:manage',
  'integrations:manage',
  'settings:manage',
  'contacts:privacy',
];
const owner: Permission[] = [...admin, 'owners:manage', 'billing:manage'];

export const permissionsByRole: Readonly<Record<MemberRole, ReadonlySet<Permission>>> = {
  Agente: new Set(agent),
  Supervisor: new Set(supervisor),
  Admin: new Set(admin),
  Owner: new Set(owner),
};

export function can(role: MemberRole, permission: Permission): boolean {
  return permissionsByRole[role].has(permission);
}
