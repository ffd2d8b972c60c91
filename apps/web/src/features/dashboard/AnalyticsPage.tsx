import { can } from '../../api/permissions';
import { useAppSelector } from '../../app/hooks';
import { AnalyticsScreen } from '../analytics/AnalyticsScreen';
import { AnalyticsForbidden } from '../analytics/ErrorBox';
import { selectUser } from '../auth/selectors';

/**
 * Route /dashboard/analytics (spec §2), loaded lazily by the router: this chunk is the only one
 * that pulls in recharts, so the /dashboard bundle stays small. A role without analytics:read (an
 * Agente opening the address) reads the permission text at once: the server would answer 403.
 */
export default function AnalyticsPage() {
  const user = useAppSelector(selectUser);
  return can(user?.role, 'analytics:read') ? <AnalyticsScreen /> : <AnalyticsForbidden />;
}
