import { Bell, Inbox, MessageSquare, Radio, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { useAppSelector } from '../../../app/hooks';
import { selectOverviewStats, type OverviewStats } from '../../conversations/selectors';

interface StatCardSpec {
  key: keyof OverviewStats;
  title: string;
  /** Spec §2: the trend texts are fixed, not computed. */
  trend: string;
  icon: LucideIcon;
  tone: string;
}

export const STAT_CARDS: readonly StatCardSpec[] = [
  {
    key: 'total',
    title: 'Total de Conversas',
    trend: '+12% em relação ao mês passado',
    icon: MessageSquare,
    tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300',
  },
  {
    key: 'active',
    title: 'Conversas Ativas',
    trend: '+8% esta semana',
    icon: Inbox,
    tone: 'bg-green-50 text-green-600 dark:bg-green-950 dark:text-green-300',
  },
  {
    key: 'unread',
    title: 'Não Lidas',
    trend: '-5% desde ontem',
    icon: Bell,
    tone: 'bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-300',
  },
  {
    key: 'channels',
    title: 'Canais',
    trend: 'Todos conectados',
    icon: Radio,
    tone: 'bg-indigo-50 text-indigo-600 dark:bg-indigo-950 dark:text-indigo-300',
  },
];

function StatCard({ spec, value }: { spec: StatCardSpec; value: number }) {
  const titleId = useId();
  const Icon = spec.icon;
  return (
    <div role="group" aria-labelledby={titleId} className="card flex items-start justify-between gap-4 p-5">
      <div className="min-w-0">
        <p id={titleId} className="text-sm font-medium text-slate-500 dark:text-slate-400">
          {spec.title}
        </p>
        <p className="mt-1 text-3xl font-bold text-slate-900 tabular-nums dark:text-white">
          {value.toLocaleString('pt-BR')}
        </p>
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{spec.trend}</p>
      </div>
      <span className={`flex h-11 w-11 shrink-0 items-center justify-center rounded-xl ${spec.tone}`}>
        <Icon aria-hidden className="h-5 w-5" />
      </span>
    </div>
  );
}

/** The overview's four stat cards, computed from the live conversations (spec §2). */
export function StatCards() {
  const stats = useAppSelector(selectOverviewStats);
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
      {STAT_CARDS.map((spec) => (
        <StatCard key={spec.key} spec={spec} value={stats[spec.key]} />
      ))}
    </div>
  );
}
