import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../api/api-error';
import { errorText } from '../../api/client';
import { fetchAnalytics, type AnalyticsPeriod, type AnalyticsReport } from './analytics-api';

export interface AnalyticsLoadError {
  /** HTTP status (403: the role may not read analytics); 0 without an answer. */
  status: number;
  message: string;
}

export interface AnalyticsState {
  /** The latest answer; stays on screen while another period loads. */
  report: AnalyticsReport | null;
  /** The period `report` is about. */
  reportPeriod: AnalyticsPeriod | null;
  loading: boolean;
  error: AnalyticsLoadError | null;
  reload: () => void;
}

/**
 * GET /api/analytics for `period`, again whenever it changes or on `reload()`; an answer that
 * arrives after a newer request (or after unmount) is dropped.
 */
export function useAnalytics(period: AnalyticsPeriod): AnalyticsState {
  const [answer, setAnswer] = useState<{ report: AnalyticsReport; period: AnalyticsPeriod } | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<AnalyticsLoadError | null>(null);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    fetchAnalytics(period, controller.signal).then(
      (report) => {
        if (controller.signal.aborted) return;
        setAnswer({ report, period });
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(
          isApiError(reason)
            ? { status: reason.status, message: reason.message }
            : {
                status: 0,
                message: errorText(reason),
              },
        );
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [period, version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { report: answer?.report ?? null, reportPeriod: answer?.period ?? null, loading, error, reload };
}
