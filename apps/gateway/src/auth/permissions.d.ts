import type { MemberRole } from '@atende/events';
/** What a request may do. Checked on the server for every call (not only hidden in the UI). */
export type Permission = 'conversations:own' | 'conversations:all' | 'conversations:assign' | 'analytics:read' | 'team:read' | 'team:manage' | 'integrations:manage' | 'settings:manage' | 'owners:manage' | 'billing:manage';
export declare const permissionsByRole: Readonly<Record<MemberRole, ReadonlySet<Permission>>>;
export declare function can(role: MemberRole, permission: Permission): boolean;
