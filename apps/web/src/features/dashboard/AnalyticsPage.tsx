import { AnalyticsScreen } from '../analytics/AnalyticsScreen';

/**
 * Route /dashboard/analytics (spec §2), loaded lazily by the router: this chunk is the only one
 * that pulls in recharts, so the /dashboard bundle stays small.
 */
export default function AnalyticsPage() {
  return <AnalyticsScreen />;
}
