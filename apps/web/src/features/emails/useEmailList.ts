import { errorText } from '../../api/client';
import { useEffect, useState } from 'react';
import { fetchEmails, type Email } from './emails-api';

export interface EmailList {
  emails: Email[] | null;
  loading: boolean;
  error: string | null;
}

/**
 * The workspace's e-mails (the newest `limit`, or all), fetched on mount and again whenever
 * `revision` changes; the previous list stays on screen meanwhile, and a late answer is dropped.
 */
export function useEmailList(limit: number | undefined, revision: number): EmailList {
  const [state, setState] = useState<EmailList>({ emails: null, loading: true, error: null });
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ ...previous, loading: true }));
    fetchEmails(limit, controller.signal).then(
      (emails) => {
        if (!controller.signal.aborted) setState({ emails, loading: false, error: null });
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        const error = errorText(reason);
        setState((previous) => ({ ...previous, loading: false, error }));
      },
    );
    return () => controller.abort();
  }, [limit, revision]);
  return state;
}
