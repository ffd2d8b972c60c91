import { ANALYTICS_PERIODS, type AnalyticsPeriod } from './analytics-api';
import { PERIOD_GROUP_LABEL } from './texts';

/** 7 dias / 30 dias / 90 dias: buttons that act like radios (the pressed one is the period shown). */
export function PeriodSelector({
  value,
  onChange,
}: {
  value: AnalyticsPeriod;
  onChange: (period: AnalyticsPeriod) => void;
}) {
  return (
    <div
      role="group"
      aria-label={PERIOD_GROUP_LABEL}
      className="inline-flex rounded-xl border border-slate-200 bg-white p-1 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      {ANALYTICS_PERIODS.map((period) => {
        const pressed = period.value === value;
        return (
          <button
            key={period.value}
            type="button"
            aria-pressed={pressed}
            onClick={() => {
              if (!pressed) onChange(period.value);
            }}
            className={`rounded-lg px-4 py-1.5 text-sm font-semibold transition ${
              pressed
                ? 'bg-blue-600 text-white shadow-sm'
                : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'
            }`}
          >
            {period.label}
          </button>
        );
      })}
    </div>
  );
}
