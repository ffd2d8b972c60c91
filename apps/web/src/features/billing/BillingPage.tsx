import { can } from '../../api/permissions';
import { useAppSelector } from '../../app/hooks';
import { withApi } from '../../server-state/with-api';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { useGetBillingQuery } from './billing-endpoints';
import { OwnerBilling } from './OwnerBilling';
import { PlansSection } from './PlansSection';
import { TrialCard } from './TrialCard';
import { trialView } from './trial';

/**
 * /billing: for the Owner, the plan or trial and this month's usage against the plan's limits
 * (GET /api/billing); for the other roles, the trial of the user record. Then the plans; payments
 * are not available yet (spec §1, §9).
 */
function BillingPage() {
  const user = useAppSelector(selectUser);
  const owner = can(user?.role, 'billing:manage');
  // The Owner's figures (OwnerBilling asks for them too: one request, one cache entry).
  const { data: billing } = useGetBillingQuery(undefined, { skip: user?.role !== 'Owner' });
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader
        title="Assinatura"
        subtitle={
          owner
            ? 'Acompanhe seu plano, o uso deste mês e conheça os planos.'
            : 'Acompanhe seu período de teste e conheça os planos.'
        }
      />
      {user && owner ? <OwnerBilling user={user} /> : null}
      {user && !owner ? <TrialCard trial={trialView(user)} /> : null}
      <PlansSection currentPlan={owner ? (billing?.plan ?? null) : null} />
    </div>
  );
}

export default withApi(BillingPage);
