import { can } from '../../api/permissions';
import { useAppSelector } from '../../app/hooks';
import { PageHeader } from '../../ui/PageHeader';
import { selectUser } from '../auth/selectors';
import { selectBilling } from './billingSlice';
import { OwnerBilling } from './OwnerBilling';
import { PlansSection } from './PlansSection';
import { TrialCard } from './TrialCard';
import { trialView } from './trial';

/**
 * /billing: for the Owner, the plan or trial and this month's usage against the plan's limits
 * (GET /api/billing); for the other roles, the trial of the user record. Then the plans; payments
 * are not available yet (spec §1, §9).
 */
export default function BillingPage() {
  const user = useAppSelector(selectUser);
  const billing = useAppSelector(selectBilling);
  const owner = can(user?.role, 'billing:manage');
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
