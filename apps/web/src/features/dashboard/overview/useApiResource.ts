import { errorText } from '../../../api/client';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface ApiResource<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
  /** Fetch again (the previous data stays on screen meanwhile). */
  reload: () => void;
}

/**
 * Fetches with `load` when mounted and on `reload()`; an answer that arrives after a newer request,
 * or after unmount, is dropped.
 */
export function useApiResource<T>(load: (signal: AbortSignal) => Promise<T>): ApiResource<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    loadRef.current(controller.signal).then(
      (value) => {
        if (controller.signal.aborted) return;
        setData(value);
        setError(null);
        setLoading(false);
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorText(reason));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [version]);

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { data, loading, error, reload };
}
