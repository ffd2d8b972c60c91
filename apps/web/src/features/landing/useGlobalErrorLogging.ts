import { useEffect } from 'react';

/**
 * Logs uncaught errors and unhandled promise rejections while the landing page is mounted
 * (spec §8); the listeners are removed on unmount.
 */
export function useGlobalErrorLogging() {
  useEffect(() => {
    const onError = (event: ErrorEvent) => {
      console.error('[Atende] Erro não tratado:', event.error ?? event.message);
    };
    const onUnhandledRejection = (event: PromiseRejectionEvent) => {
      console.error('[Atende] Promessa rejeitada sem tratamento:', event.reason);
    };
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onUnhandledRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onUnhandledRejection);
    };
  }, []);
}
