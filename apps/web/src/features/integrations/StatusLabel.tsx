import { Loader2 } from 'lucide-react';
import { STATUS_LABELS, type CardStatus } from './catalog';

const STYLES: Record<CardStatus, { badge: string; dot: string }> = {
  connected: {
    badge: 'bg-green-50 text-green-700 ring-green-600/20 dark:bg-green-950/50 dark:text-green-300',
    dot: 'bg-green-500',
  },
  disconnected: {
    badge: 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300',
    dot: 'bg-slate-400',
  },
  error: {
    badge: 'bg-red-50 text-red-700 ring-red-600/20 dark:bg-red-950/50 dark:text-red-300',
    dot: 'bg-red-500',
  },
  pending: {
    badge: 'bg-amber-50 text-amber-700 ring-amber-600/20 dark:bg-amber-950/50 dark:text-amber-300',
    dot: 'bg-amber-500',
  },
};

/** Spec §4: Conectado (green), Desconectado (grey), Erro (red), Conectando... (amber, with a spinner). */
export function StatusLabel({ status }: { status: CardStatus }) {
  const style = STYLES[status];
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${style.badge}`}
    >
      {status === 'pending' ? (
        <Loader2 aria-hidden data-testid="status-spinner" className="h-3.5 w-3.5 animate-spin" />
      ) : (
        <span aria-hidden className={`h-2 w-2 rounded-full ${style.dot}`} />
      )}
      {STATUS_LABELS[status]}
    </span>
  );
}

/** A neutral tag ('Disponível', 'Em breve'). */
export function Tag({ children, tone = 'blue' }: { children: string; tone?: 'blue' | 'slate' }) {
  const colours =
    tone === 'blue'
      ? 'bg-blue-50 text-blue-700 ring-blue-600/20 dark:bg-blue-950/60 dark:text-blue-300'
      : 'bg-slate-100 text-slate-600 ring-slate-500/20 dark:bg-slate-800 dark:text-slate-300';
  return (
    <span
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${colours}`}
    >
      {children}
    </span>
  );
}
