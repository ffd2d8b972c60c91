import { ChartColumn, LayoutDashboard, Plug, Settings, Users, type LucideIcon } from 'lucide-react';
import type { Me } from '../../api/types';

export type Role = Me['role'];

/** Roles from the least to the most powerful; each sees what the ones before it see (gateway permissions). */
const ROLE_RANK: Record<Role, number> = { Agente: 0, Supervisor: 1, Admin: 2, Owner: 3 };

export interface MenuItem {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on the exact path (the overview, not its children). */
  end?: boolean;
  /** The least role that may open it, as the server's permissions allow. */
  minRole: Role;
  badge?: 'unread';
}

/** The main menu of the dashboard layout (spec §2). */
export const MENU_ITEMS: readonly MenuItem[] = [
  {
    to: '/dashboard',
    label: 'Visão Geral',
    icon: LayoutDashboard,
    end: true,
    minRole: 'Agente',
    badge: 'unread',
  },
  // team:read and analytics:read start at Supervisor
  { to: '/dashboard/team', label: 'Equipe', icon: Users, minRole: 'Supervisor' },
  { to: '/dashboard/analytics', label: 'Analytics', icon: ChartColumn, minRole: 'Supervisor' },
  // integrations:manage starts at Admin
  { to: '/dashboard/integrations', label: 'Integrações', icon: Plug, minRole: 'Admin' },
  // Everyone: the workspace's settings read-only below Admin (settings:manage), and Segurança's
  // Alterar senha, the person's own password
  { to: '/dashboard/settings', label: 'Configurações', icon: Settings, minRole: 'Agente' },
];

export const roleAtLeast = (role: Role, least: Role): boolean => ROLE_RANK[role] >= ROLE_RANK[least];

/** The items a role may open; an unknown role sees what an agent sees. */
export function menuItemsFor(role: Role | null | undefined): MenuItem[] {
  const known = role && role in ROLE_RANK ? role : 'Agente';
  return MENU_ITEMS.filter((item) => roleAtLeast(known, item.minRole));
}
