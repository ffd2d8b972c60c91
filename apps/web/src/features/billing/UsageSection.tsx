import { AlertTriangle } from 'lucide-react';
import type { Billing } from './billing-api';
import {
  formatMonth,
  overLimitCountText,
  usageMeters,
  UNLIMITED_TEXT,
  type UsageMeter,
} from './billing-view';

const cx = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(' ');

const BAR_COLOURS: Record<UsageMeter['level'], string> = {
  ok: 'bg-gradient-to-r from-blue-500 to-indigo-500',
  near: 'bg-amber-500',
  full: 'bg-red-500',
};

function Meter({ meter }: { meter: UsageMeter }) {
  return (
    <div>
      <p className="text-sm font-medium text-slate-700 dark:text-slate-200">{meter.text}</p>
      {meter.limit === null ? (
        <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">{UNLIMITED_TEXT} no seu plano.</p>
      ) : (
        <div
          role="progressbar"
          aria-label={meter.label}
          aria-valuemin={0}
          aria-valuemax={meter.limit}
          aria-valuenow={Math.min(meter.used, meter.limit)}
          aria-valuetext={meter.text.slice(meter.label.length + 2)}
          className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className={cx('h-full rounded-full transition-[width]', BAR_COLOURS[meter.level])}
            style={{ width: `${meter.percent}%` }}
          />
        </div>
      )}
    </div>
  );
}

/** This month's usage against each limit of the plan (members, conversations started). */
export function UsageSection({ billing }: { billing: Billing }) {
  const over = billing.usage.overLimitConversations;
  return (
    <section aria-labelledby="uso-titulo" className="card mt-6 p-6">
      <h2 id="uso-titulo" className="text-lg font-semibold text-slate-900 dark:text-white">
        Uso deste mês
      </h2>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
        {formatMonth(billing.usage.month)} · limites do plano {billing.limitsLabel}
      </p>
      <div className="mt-5 grid gap-5 md:grid-cols-2">
        {usageMeters(billing).map((meter) => (
          <Meter key={meter.label} meter={meter} />
        ))}
      </div>
      {over > 0 ? (
        <p className="mt-5 flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700 dark:bg-red-500/15 dark:text-red-200">
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <span>
            <strong className="font-semibold">{overLimitCountText(over)}</strong>: foram recebidas, mas só
            poderão ser respondidas após o upgrade.
          </span>
        </p>
      ) : null}
    </section>
  );
}
