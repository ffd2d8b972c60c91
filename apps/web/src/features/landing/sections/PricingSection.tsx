import { Check, Star } from 'lucide-react';
import { plans, POPULAR_BADGE, type Plan } from '../../../content/plans';
import { PRICING } from '../landing-content';
import { SignupButton, SectionHeading } from './shared';

function PlanCard({ plan }: { plan: Plan }) {
  const titleId = `plan-${plan.id}-title`;
  return (
    <li
      aria-labelledby={titleId}
      className={`relative flex flex-col rounded-2xl p-8 ${
        plan.popular
          ? 'bg-linear-to-b from-blue-600 to-indigo-700 text-white shadow-2xl shadow-blue-600/30 ring-1 ring-blue-500 lg:-my-4 lg:py-12'
          : 'card'
      }`}
    >
      {plan.popular ? (
        <p className="absolute -top-3.5 left-1/2 inline-flex -translate-x-1/2 items-center gap-1 rounded-full bg-amber-400 px-3 py-1 text-xs font-bold tracking-wide whitespace-nowrap text-amber-950 uppercase shadow-md">
          <Star aria-hidden className="h-3.5 w-3.5 fill-current" />
          {POPULAR_BADGE}
        </p>
      ) : null}
      <h3
        id={titleId}
        className={`text-xl font-bold ${plan.popular ? 'text-white' : 'text-slate-900 dark:text-white'}`}
      >
        {plan.name}
      </h3>
      <p className={`mt-2 text-sm ${plan.popular ? 'text-blue-100' : 'text-slate-600 dark:text-slate-300'}`}>
        {plan.description}
      </p>
      <p className="mt-6 flex items-baseline gap-1">
        <span
          className={`text-4xl font-extrabold tracking-tight ${plan.popular ? 'text-white' : 'text-slate-900 dark:text-white'}`}
        >
          {plan.price}
        </span>
        <span
          className={`text-sm font-medium ${plan.popular ? 'text-blue-100' : 'text-slate-500 dark:text-slate-400'}`}
        >
          /{plan.period}
        </span>
      </p>
      <ul className="mt-8 flex-1 space-y-3 text-sm">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3">
            <Check
              aria-hidden
              className={`mt-0.5 h-4 w-4 shrink-0 ${plan.popular ? 'text-emerald-300' : 'text-emerald-500'}`}
            />
            <span className={plan.popular ? 'text-blue-50' : 'text-slate-700 dark:text-slate-200'}>
              {feature}
            </span>
          </li>
        ))}
      </ul>
      <SignupButton
        className={`mt-8 w-full ${plan.popular ? 'bg-white text-blue-700 hover:bg-blue-50 disabled:opacity-70' : ''}`}
      />
    </li>
  );
}

/** The plans of content/plans.ts (#pricing), the popular one highlighted. */
export function PricingSection() {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 py-20 sm:py-28">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="pricing-title" eyebrow="Preços" title={PRICING.title}>
          {PRICING.text}
        </SectionHeading>
        <ul className="mt-16 grid items-stretch gap-8 lg:grid-cols-3">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} />
          ))}
        </ul>
      </div>
    </section>
  );
}
