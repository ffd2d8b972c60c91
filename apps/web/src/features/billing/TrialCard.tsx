import type { ReactNode } from 'react';
import { CalendarClock, Hourglass } from 'lucide-react';
import { daysLeftText, formatDate, type TrialView } from './trial';

/**
 * The trial: days left (a progress bar), start and end dates in pt-BR. `endedText` replaces the
 * default text once it ended; `children` adds a line under the text.
 */
export function TrialCard({
  trial,
  endedText,
  children,
}: {
  trial: TrialView;
  endedText?: string;
  children?: ReactNode;
}) {
  const started = trial.startedAt ? formatDate(trial.startedAt) : null;
  const ends = trial.endsAt ? formatDate(trial.endsAt) : null;
  return (
    <section aria-labelledby="teste-titulo" className="card overflow-hidden">
      <div className="flex flex-wrap items-start gap-4 p-6">
        <span
          aria-hidden
          className={
            trial.ended
              ? 'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-amber-100 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300'
              : 'flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-blue-100 text-blue-700 dark:bg-blue-500/15 dark:text-blue-300'
          }
        >
          {trial.ended ? <Hourglass className="h-6 w-6" /> : <CalendarClock className="h-6 w-6" />}
        </span>
        <div className="min-w-0 flex-1">
          <h2 id="teste-titulo" className="text-lg font-semibold text-slate-900 dark:text-white">
            {trial.ended ? 'Período de teste encerrado' : daysLeftText(trial.daysLeft)}
          </h2>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
            {trial.ended
              ? `Seu período de teste de ${trial.days} dias terminou${ends ? ` em ${ends}` : ''}. ${endedText ?? 'Os planos pagos estarão disponíveis em breve.'}`
              : `Seu teste gratuito de ${trial.days} dias${ends ? ` vai até ${ends}` : ''}. Nenhum cartão é cobrado.`}
          </p>
          {children}
        </div>
      </div>
      <div className="border-t border-slate-100 bg-slate-50/60 px-6 py-4 dark:border-blue-900/40 dark:bg-white/[0.02]">
        <div
          role="progressbar"
          aria-label="Dias restantes do período de teste"
          aria-valuemin={0}
          aria-valuemax={trial.days}
          aria-valuenow={trial.daysLeft}
          aria-valuetext={`${trial.daysLeft} de ${trial.days} dias`}
          className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
        >
          <div
            className={
              trial.ended
                ? 'h-full rounded-full bg-amber-500'
                : 'h-full rounded-full bg-gradient-to-r from-blue-500 to-indigo-500 transition-[width]'
            }
            style={{ width: `${trial.percentLeft}%` }}
          />
        </div>
        <div className="mt-2 flex flex-wrap justify-between gap-2 text-xs text-slate-500 dark:text-slate-400">
          <span>{started ? `Início: ${started}` : 'Início não informado'}</span>
          <span>
            {trial.daysLeft} de {trial.days} dias
          </span>
        </div>
      </div>
    </section>
  );
}
