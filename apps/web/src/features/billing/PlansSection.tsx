import { Check, Sparkles } from 'lucide-react';
import { COMING_SOON, POPULAR_BADGE, plans, type Plan } from '../../content/plans';

/** The plans of spec §9 (choosing one is not available yet); `currentPlan` is marked 'Seu plano'. */
export function PlansSection({ currentPlan = null }: { currentPlan?: Plan['id'] | null }) {
  return (
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
            <PlanCard plan={plan} current={plan.id === currentPlan} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function PlanCard({ plan, current }: { plan: Plan; current: boolean }) {
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
      {current ? (
        <p className="mt-1 inline-flex w-fit items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-0.5 text-xs font-semibold text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300">
          <Check aria-hidden className="h-3.5 w-3.5" />
          Seu plano
        </p>
      ) : null}
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
