import { permissionsByRole, type Permission } from '@atende/events/permissions';
import type { MemberRole } from './types';

export type { Permission };

/**
 * Whether `role` holds `permission`, by the server's own table (shared from the domain package):
 * the server checks it on every call; the client only hides what a role cannot use. No role
 * (signed out) or an unknown one holds nothing.
 */
export function can(role: MemberRole | null | undefined, permission: Permission): boolean {
  if (!role || !Object.hasOwn(permissionsByRole, role)) return false;
  return permissionsByRole[role].has(permission);
}
