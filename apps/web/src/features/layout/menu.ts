import { ChartColumn, LayoutDashboard, Plug, Settings, Users, type LucideIcon } from 'lucide-react';
import { can, type Permission } from '../../api/permissions';
import type { Me } from '../../api/types';

export type Role = Me['role'];

export interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on the exact path (the overview, not its children). */
  end?: boolean;
  /** What the page's calls need on the server; without it, every signed-in member opens it. */
  permission?: Permission;
  badge?: 'unread';
}

/** The main menu of the dashboard layout (spec §2). */
export const MENU_ITEMS: readonly MenuItem[] = [
  {
    to: '/dashboard',
    label: 'Visão Geral',
    icon: LayoutDashboard,
    end: true,
    permission: 'conversations:own',
    badge: 'unread',
  },
  { to: '/dashboard/team', label: 'Equipe', icon: Users, permission: 'team:read' },
  { to: '/dashboard/analytics', label: 'Analytics', icon: ChartColumn, permission: 'analytics:read' },
  { to: '/dashboard/integrations', label: 'Integrações', icon: Plug, permission: 'integrations:manage' },
  // Everyone: the workspace's settings read-only without settings:manage, and Segurança's
  // Alterar senha, the person's own password
  { to: '/dashboard/settings', label: 'Configurações', icon: Settings },
];

/** The items a role may open; an unknown role (or none yet) sees what an agent sees. */
export function menuItemsFor(role: Role | null | undefined): MenuItem[] {
  const known: Role = role && can(role, 'conversations:own') ? role : 'Agente';
  return MENU_ITEMS.filter((item) => !item.permission || can(known, item.permission));
}
