import { CalendarClock, Check, Hourglass, Sparkles } from 'lucide-react';
import { useAppSelector } from '../../app/hooks';
import { COMING_SOON, POPULAR_BADGE, plans, type Plan } from '../../content/plans';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { daysLeftText, formatDate, trialView } from './trial';

/** /billing: the workspace's trial and the plans; payments are not available yet (spec §1, §9). */
export default function BillingPage() {
  const user = useAppSelector(selectUser);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Assinatura" subtitle="Acompanhe seu período de teste e conheça os planos." />
      {user ? <TrialCard user={user} /> : null}
      <section aria-labelledby="planos-titulo" className="mt-10">
        <h2 id="planos-titulo" className="text-xl font-bold text-slate-900 dark:text-white">
          Planos
        </h2>
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Os pagamentos estarão disponíveis em breve.
        </p>
        <ul className="mt-6 grid gap-6 lg:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.id} className="flex">
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function TrialCard({ user }: { user: Parameters<typeof trialView>[0] }) {
  const trial = trialView(user);
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
              ? `Seu período de teste de ${trial.days} dias terminou${ends ? ` em ${ends}` : ''}. Os planos pagos estarão disponíveis em breve.`
              : `Seu teste gratuito de ${trial.days} dias${ends ? ` vai até ${ends}` : ''}. Nenhum cartão é cobrado.`}
          </p>
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

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plano-${plan.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className={
        plan.popular
          ? 'card relative flex w-full flex-col p-6 ring-2 ring-blue-600 dark:ring-blue-500'
          : 'card relative flex w-full flex-col p-6'
      }
    >
      {plan.popular ? (
        <span className="absolute -top-3 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-md">
          <Sparkles aria-hidden className="h-3.5 w-3.5" />
          {POPULAR_BADGE}
        </span>
      ) : null}
      <h3 id={titleId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {plan.name}
      </h3>
      <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">{plan.description}</p>
      <p className="mt-5 flex items-baseline gap-1">
        <span className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white">{plan.price}</span>
        <span className="text-sm text-slate-500 dark:text-slate-400">/{plan.period}</span>
      </p>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-slate-700 dark:text-slate-300">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-500" />
            {feature}
          </li>
        ))}
      </ul>
      <button
        type="button"
        disabled
        className={plan.popular ? 'btn-primary mt-8 w-full' : 'btn-secondary mt-8 w-full'}
      >
        {COMING_SOON}
      </button>
    </article>
  );
}
