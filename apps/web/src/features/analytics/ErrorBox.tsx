import { Lock, RefreshCw, TriangleAlert, type LucideIcon } from 'lucide-react';
import { PageHeader } from '../../ui/PageHeader';
import { ANALYTICS_TITLE, FORBIDDEN_TEXT, RETRY_TEXT } from './texts';

/** A failure of the Analytics screen, announced as an alert, with an optional retry. */
export function ErrorBox({
  message,
  onRetry,
  icon: Icon = TriangleAlert,
}: {
  message: string;
  onRetry?: () => void;
  icon?: LucideIcon;
}) {
  return (
    <div
      role="alert"
      className="card flex flex-wrap items-center justify-between gap-4 border-red-200 p-5 text-red-700 dark:border-red-900 dark:text-red-300"
    >
      <p className="flex items-center gap-2 font-medium">
        <Icon aria-hidden className="h-5 w-5 shrink-0" />
        {message}
      </p>
      {onRetry ? (
        <button type="button" className="btn-secondary" onClick={onRetry}>
          <RefreshCw aria-hidden className="h-4 w-4" />
          {RETRY_TEXT}
        </button>
      ) : null}
    </div>
  );
}

/** The role may not read analytics (no analytics:read, or the server answered 403). */
export function AnalyticsForbidden() {
  return (
    <div className="space-y-6">
      <PageHeader title={ANALYTICS_TITLE} />
      <ErrorBox message={FORBIDDEN_TEXT} icon={Lock} />
    </div>
  );
}
