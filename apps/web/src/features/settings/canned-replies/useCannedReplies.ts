import { useCallback, useEffect, useRef, useState } from 'react';
import { errorText } from '../../../api/client';
import { fetchCannedReplies, type CannedReply } from './canned-replies-api';

/** How long a success text stays (like 'Salvo!'). */
export const NOTICE_MS = 3000;

export interface CannedRepliesList {
  status: 'loading' | 'ready' | 'failed';
  items: CannedReply[];
  error: string | null;
  /** The latest success text ('Resposta pronta salva com sucesso!'), for a few seconds. */
  notice: string | null;
  reload: () => void;
  /** A reply the server created or changed: added at the end, or replaced in place. */
  saved: (reply: CannedReply, message: string) => void;
  removed: (id: string, message: string) => void;
}

/** The workspace's canned replies as the server has them, kept in step with what this screen changes. */
export function useCannedReplies(): CannedRepliesList {
  const [status, setStatus] = useState<CannedRepliesList['status']>('loading');
  const [items, setItems] = useState<CannedReply[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const controller = new AbortController();
    setStatus('loading');
    setError(null);
    fetchCannedReplies(controller.signal).then(
      (list) => {
        setItems(list);
        setStatus('ready');
      },
      (reason: unknown) => {
        if (controller.signal.aborted) return;
        setError(errorText(reason));
        setStatus('failed');
      },
    );
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => () => clearTimeout(noticeTimer.current), []);

  const show = useCallback((message: string) => {
    clearTimeout(noticeTimer.current);
    setNotice(message);
    noticeTimer.current = setTimeout(() => setNotice(null), NOTICE_MS);
  }, []);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const saved = useCallback(
    (reply: CannedReply, message: string) => {
      setItems((list) =>
        list.some((r) => r.id === reply.id)
          ? list.map((r) => (r.id === reply.id ? reply : r))
          : [...list, reply],
      );
      show(message);
    },
    [show],
  );
  const removed = useCallback(
    (id: string, message: string) => {
      setItems((list) => list.filter((r) => r.id !== id));
      show(message);
    },
    [show],
  );

  return { status, items, error, notice, reload, saved, removed };
}
