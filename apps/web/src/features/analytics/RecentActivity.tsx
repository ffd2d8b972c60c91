import { CircleCheck, MessageSquarePlus, Star, Activity, type LucideIcon } from 'lucide-react';
import type { AnalyticsActivity } from './analytics-api';
import { formatDateTime, starsText } from './format';
import { EmptyNote, Section } from './Section';
import { ACTIVITY_TITLE, NO_ACTIVITY_TEXT, UNKNOWN_AGENT, UNKNOWN_CUSTOMER } from './texts';

const ICONS: Record<AnalyticsActivity['kind'], { icon: LucideIcon; tone: string }> = {
  'conversation-started': {
    icon: MessageSquarePlus,
    tone: 'bg-blue-50 text-blue-600 dark:bg-blue-950 dark:text-blue-300',
  },
  'conversation-resolved': {
    icon: CircleCheck,
    tone: 'bg-green-50 text-green-600 dark:bg-green-950 dark:text-green-300',
  },
  'conversation-rated': {
    icon: Star,
    tone: 'bg-amber-50 text-amber-600 dark:bg-amber-950 dark:text-amber-300',
  },
};

/** What happened, in a sentence: 'Nova conversa com Maria Souza', 'Conversa com … resolvida por Ana'. */
export function activityText(entry: AnalyticsActivity): string {
  const customer = entry.customerName ?? UNKNOWN_CUSTOMER;
  const agent = entry.agentName ?? UNKNOWN_AGENT;
  switch (entry.kind) {
    case 'conversation-started':
      return `Nova conversa com ${customer}`;
    case 'conversation-resolved':
      return `Conversa com ${customer} resolvida por ${agent}`;
    case 'conversation-rated':
      return `Conversa com ${customer} avaliada com ${starsText(entry.rating ?? 0)} (atendimento de ${agent})`;
    default:
      return entry.kind satisfies never;
  }
}

/** The latest conversations started, resolved and rated, newest first, with pt-BR times. */
export function RecentActivity({ entries }: { entries: AnalyticsActivity[] }) {
  return (
    <Section title={ACTIVITY_TITLE} icon={Activity}>
      {entries.length === 0 ? (
        <EmptyNote>{NO_ACTIVITY_TEXT}</EmptyNote>
      ) : (
        <ol className="space-y-3">
          {entries.map((entry) => {
            const { icon: Icon, tone } = ICONS[entry.kind] ?? ICONS['conversation-started'];
            return (
              <li key={entry.id} className="flex items-start gap-3">
                <span className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${tone}`}>
                  <Icon aria-hidden className="h-4 w-4" />
                </span>
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-800 dark:text-slate-100">
                    {activityText(entry)}
                  </p>
                  <time dateTime={entry.at} className="text-xs text-slate-500 dark:text-slate-400">
                    {formatDateTime(entry.at)}
                  </time>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Section>
  );
}
