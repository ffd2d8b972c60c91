import { useState } from 'react';
import { errorText } from '../api/client';

/**
 * A dialog's call to the server: one at a time, `pending` while it runs, its failure as readable
 * text (the dialog stays open to retry); `onDone` gets the answer. `setError` shows a local refusal.
 */
export function usePendingAction() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async <T>(action: () => Promise<T>, onDone: (result: T) => void): Promise<void> => {
    if (pending) return;
    setPending(true);
    setError(null);
    try {
      onDone(await action());
    } catch (reason) {
      setError(errorText(reason));
      setPending(false);
    }
  };
  return { pending, error, setError, run };
}
