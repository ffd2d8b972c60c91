import type { FirebaseAuthClient, FirebaseWebConfig } from './types';

let loading: Promise<FirebaseAuthClient> | null = null;

/**
 * Downloads the Firebase SDK (its own chunk) and sets it up, once per page. A failed download is
 * forgotten so the next attempt tries again.
 */
export function loadFirebaseAuth(config: FirebaseWebConfig): Promise<FirebaseAuthClient> {
  if (!loading) {
    const attempt = import('./firebase-auth').then((module) => module.createFirebaseAuth(config));
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}

/** The Firebase client if this page has started loading it (the only case it may be signed in). */
export function loadedFirebaseAuth(): Promise<FirebaseAuthClient> | null {
  return loading;
}

/** Tests: start from a page that never loaded Firebase. */
export function forgetFirebaseAuth(): void {
  loading = null;
}
