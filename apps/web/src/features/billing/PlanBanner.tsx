import { AlertTriangle, Ban } from 'lucide-react';
import { Link } from 'react-router';
import { useAppSelector } from '../../app/hooks';
import { withApi } from '../../server-state/with-api';
import { selectUser } from '../auth/selectors';
import { BILLING_POLL_INTERVAL_MS, useGetBillingQuery } from './billing-endpoints';
import { overLimitBanner, TRIAL_ENDED_BANNER } from './billing-texts';

const linkClass = 'shrink-0 font-semibold underline underline-offset-2 hover:no-underline';

/**
 * The Owner's warnings at the top of the dashboard, from GET /api/billing (loaded when the
 * dashboard opens and every minute): the trial ended (sending blocked), or conversations of this
 * month over the plan's limit. Nothing when all is well. Mount it for the Owner only (the server
 * refuses everyone else: no other role asks).
 */
function PlanBannerView() {
  const user = useAppSelector(selectUser);
  const { data: billing } = useGetBillingQuery(undefined, {
    skip: user?.role !== 'Owner',
    pollingInterval: BILLING_POLL_INTERVAL_MS,
  });

  if (!billing) return null;
  const ended = billing.status === 'trial-ended';
  const over = billing.usage.overLimitConversations;
  if (!ended && over <= 0) return null;
  return (
    <div className="mb-6 space-y-3">
      {ended ? (
        <div
          role="alert"
          className="flex flex-wrap items-start gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200"
        >
          <Ban aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <p className="min-w-0 flex-1">{TRIAL_ENDED_BANNER}</p>
          <Link to="/billing" className={linkClass}>
            Ver assinatura
          </Link>
        </div>
      ) : null}
      {over > 0 ? (
        <div
          role="status"
          className="flex flex-wrap items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-100"
        >
          <AlertTriangle aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
          <p className="min-w-0 flex-1">{overLimitBanner(over, billing.limitsLabel)}</p>
          <Link to="/billing" className={linkClass}>
            Ver assinatura
          </Link>
        </div>
      ) : null}
    </div>
  );
}

export const PlanBanner = withApi(PlanBannerView);
