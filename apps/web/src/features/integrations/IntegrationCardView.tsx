import { useId, type ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { TEXTS, type CardStatus, type IntegrationInfo } from './catalog';
import type { IntegrationCard } from './integrations-api';
import { StatusLabel } from './StatusLabel';

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** pt-BR date and time; null for a missing or invalid value. */
export function formatSync(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : dateTime.format(new Date(time));
}

/** A card frame named by its heading (`getByRole('article', { name })`). */
export function CardFrame({
  title,
  icon: Icon,
  badge,
  highlighted = false,
  children,
  actions,
}: {
  title: string;
  icon: LucideIcon;
  badge: ReactNode;
  highlighted?: boolean;
  children: ReactNode;
  actions: ReactNode;
}) {
  const headingId = useId();
  return (
    <article
      aria-labelledby={headingId}
      className={`card flex flex-col gap-4 p-5 ${highlighted ? 'ring-1 ring-blue-200 dark:ring-blue-800/70' : ''}`}
    >
      <header className="flex items-start gap-3">
        <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-blue-50 text-blue-600 ring-1 ring-blue-100 dark:bg-blue-950 dark:text-blue-300 dark:ring-blue-800/70">
          <Icon aria-hidden className="h-5 w-5" />
        </span>
        <div className="flex min-w-0 flex-1 flex-col items-start gap-1">
          <h3 id={headingId} className="text-base leading-6 font-semibold text-slate-900 dark:text-white">
            {title}
          </h3>
          {badge}
        </div>
      </header>
      <div className="flex-1 space-y-3 text-sm text-slate-600 dark:text-slate-300">{children}</div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </article>
  );
}

/** One of the six channel cards: status, description, configuration, last sync and message count. */
export function IntegrationCardView({
  info,
  card,
  status,
  disconnecting,
  onConnect,
  onDisconnect,
}: {
  info: IntegrationInfo;
  card: IntegrationCard | undefined;
  status: CardStatus;
  disconnecting: boolean;
  onConnect: () => void;
  onDisconnect: () => void;
}) {
  const name = card?.name ?? info.name;
  const connected = card?.status === 'connected';
  const lastSync = formatSync(card?.lastSync);
  const configured = card
    ? card.configFields
        .filter((label) => (card.config[label] ?? '') !== '')
        .map((label) => [label, card.config[label]!])
    : [];
  return (
    <CardFrame
      title={name}
      icon={info.icon}
      badge={<StatusLabel status={status} />}
      actions={
        connected ? (
          <button
            type="button"
            className="btn-secondary px-4 py-2 text-sm text-red-600 dark:text-red-400"
            disabled={disconnecting}
            onClick={onDisconnect}
          >
            {disconnecting ? TEXTS.disconnecting : TEXTS.disconnect}
          </button>
        ) : (
          <button
            type="button"
            className="btn-primary px-4 py-2 text-sm"
            disabled={status === 'pending'}
            onClick={onConnect}
          >
            {TEXTS.connect}
          </button>
        )
      }
    >
      <p>{info.description}</p>
      {connected && configured.length > 0 ? (
        <dl className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-xs dark:bg-slate-800/60">
          {configured.map(([label, value]) => (
            <div key={label} className="flex gap-2">
              <dt className="shrink-0 font-medium text-slate-500 dark:text-slate-400">{label}:</dt>
              <dd className="min-w-0 truncate font-mono text-slate-700 dark:text-slate-200">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {connected && card?.serverErrors.length ? (
        <ul className="space-y-1 rounded-lg bg-red-50 px-3 py-2 text-xs text-red-700 dark:bg-red-950/50 dark:text-red-300">
          {card.serverErrors.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      ) : null}
      {lastSync ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">
          {TEXTS.lastSync}: <time dateTime={card?.lastSync ?? undefined}>{lastSync}</time>
        </p>
      ) : null}
      {typeof card?.messageCount === 'number' ? (
        <p className="text-xs text-slate-500 dark:text-slate-400">{TEXTS.processed(card.messageCount)}</p>
      ) : null}
    </CardFrame>
  );
}
