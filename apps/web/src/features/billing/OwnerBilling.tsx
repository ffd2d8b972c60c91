import { BadgeCheck, Loader2 } from 'lucide-react';
import { errorText } from '../../api/client';
import type { Me } from '../../api/types';
import type { Billing } from './billing-api';
import { billingTrialView } from './billing-view';
import { useGetBillingQuery } from './billing-endpoints';
import { TrialCard } from './TrialCard';
import { trialView } from './trial';
import { UsageSection } from './UsageSection';

export const TRIAL_ENDED_OWNER_TEXT =
  'O envio de mensagens está bloqueado até a escolha de um plano. O plano é definido pelo suporte do Atende (quem hospeda o seu Atende): fale com o suporte para escolher o seu.';

function SubscribedCard({ billing }: { billing: Billing }) {
  return (
    <section aria-labelledby="plano-atual-titulo" className="card flex flex-wrap items-start gap-4 p-6">
      <span
        aria-hidden
        className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-emerald-100 text-emerald-700 dark:bg-emerald-500/15 dark:text-emerald-300"
      >
        <BadgeCheck className="h-6 w-6" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="plano-atual-titulo" className="text-lg font-semibold text-slate-900 dark:text-white">
          Plano {billing.limitsLabel}
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Sua empresa está no plano {billing.limitsLabel}. Para mudar de plano, fale com o suporte do Atende.
        </p>
      </div>
    </section>
  );
}

/** The plan card: the chosen plan, the running trial, or the ended trial (sending blocked). */
function PlanStatus({ billing }: { billing: Billing }) {
  if (billing.status === 'subscribed') return <SubscribedCard billing={billing} />;
  return (
    <TrialCard trial={billingTrialView(billing)} endedText={TRIAL_ENDED_OWNER_TEXT}>
      {billing.status === 'trial' ? (
        <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
          Durante o teste valem os limites do plano {billing.limitsLabel}.
        </p>
      ) : null}
    </TrialCard>
  );
}

/**
 * The Owner's subscription: GET /api/billing when the page opens (the dashboard refreshes it every
 * minute), the plan or trial and this month's usage. Until it answers, or when it fails, the trial
 * of the user record stands in.
 */
export function OwnerBilling({ user }: { user: Me }) {
  const query = useGetBillingQuery(undefined, { skip: user.role !== 'Owner' });
  const billing = query.data ?? null;
  const failed = query.error !== undefined && !query.isFetching;

  if (billing) {
    return (
      <>
        <PlanStatus billing={billing} />
        <UsageSection billing={billing} />
      </>
    );
  }
  if (failed) {
    return (
      <>
        <div
          role="alert"
          className="mb-6 flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700 dark:bg-red-500/15 dark:text-red-200"
        >
          <span className="flex-1">Não foi possível carregar o uso do plano: {errorText(query.error)}</span>
          <button
            type="button"
            className="font-semibold underline underline-offset-2"
            onClick={() => void query.refetch()}
          >
            Tentar novamente
          </button>
        </div>
        <TrialCard trial={trialView(user)} />
      </>
    );
  }
  return (
    <p role="status" className="card flex items-center gap-2 p-6 text-sm text-slate-500 dark:text-slate-400">
      <Loader2 aria-hidden className="h-4 w-4 animate-spin" />
      Carregando assinatura...
    </p>
  );
}
