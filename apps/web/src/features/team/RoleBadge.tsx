import { Crown, Headset, Shield, UserCog, type LucideIcon } from 'lucide-react';
import { STATUS_LABELS, type MemberRole, type MemberStatus } from './types';

const ROLE_STYLES: Record<MemberRole, { icon: LucideIcon; className: string }> = {
  Owner: {
    icon: Crown,
    className:
      'bg-amber-50 text-amber-800 ring-amber-200 dark:bg-amber-500/15 dark:text-amber-200 dark:ring-amber-500/30',
  },
  Admin: {
    icon: Shield,
    className:
      'bg-violet-50 text-violet-800 ring-violet-200 dark:bg-violet-500/15 dark:text-violet-200 dark:ring-violet-500/30',
  },
  Supervisor: {
    icon: UserCog,
    className:
      'bg-blue-50 text-blue-800 ring-blue-200 dark:bg-blue-500/15 dark:text-blue-200 dark:ring-blue-500/30',
  },
  Agente: {
    icon: Headset,
    className:
      'bg-slate-100 text-slate-700 ring-slate-200 dark:bg-slate-500/20 dark:text-slate-200 dark:ring-slate-500/30',
  },
};

/** The role with its icon and colour (spec §2: 'role (icon and coloured badge)'). */
export function RoleBadge({ role }: { role: MemberRole }) {
  const { icon: Icon, className } = ROLE_STYLES[role] ?? ROLE_STYLES.Agente;
  return (
    <span
      data-role={role}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${className}`}
    >
      <Icon aria-hidden className="h-3.5 w-3.5" />
      {role}
    </span>
  );
}

export function StatusBadge({ status }: { status: MemberStatus }) {
  const active = status === 'active';
  return (
    <span
      data-status={status}
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${
        active
          ? 'bg-emerald-50 text-emerald-800 dark:bg-emerald-500/15 dark:text-emerald-200'
          : 'bg-slate-100 text-slate-600 dark:bg-slate-500/20 dark:text-slate-300'
      }`}
    >
      <span
        aria-hidden
        className={`h-1.5 w-1.5 rounded-full ${active ? 'bg-emerald-500' : 'bg-slate-400'}`}
      />
      {STATUS_LABELS[status]}
    </span>
  );
}
