// The only module that imports the Firebase web SDK. It is loaded with import() (see
// load-firebase-auth.ts) and only in Firebase mode, so the SDK never lands in the main bundle.
import { getApps, initializeApp } from 'firebase/app';
import {
  GoogleAuthProvider,
  browserPopupRedirectResolver,
  inMemoryPersistence,
  initializeAuth,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  type Auth,
} from 'firebase/auth';
import type { FirebaseAuthClient, FirebaseWebConfig } from './types';

const APP_NAME = 'atende';

let client: FirebaseAuthClient | undefined;

function createAuth(config: FirebaseWebConfig): Auth {
  const app =
    getApps().find((existing) => existing.name === APP_NAME) ??
    initializeApp(
      {
        apiKey: config.apiKey,
        authDomain: config.authDomain ?? `${config.projectId}.firebaseapp.com`,
        projectId: config.projectId,
      },
      APP_NAME,
    );
  // The gateway's cookie is the session: Firebase only proves who signs in, so it keeps nothing
  // across page loads (in memory). The popup resolver is needed for signInWithPopup.
  return initializeAuth(app, {
    persistence: inMemoryPersistence,
    popupRedirectResolver: browserPopupRedirectResolver,
  });
}

/** The Firebase sign-in of this page (one per page load; later calls answer the first one). */
export function createFirebaseAuth(config: FirebaseWebConfig): FirebaseAuthClient {
  if (client) return client;
  const auth = createAuth(config);
  client = {
    async signInWithEmail(email, password) {
      const credential = await signInWithEmailAndPassword(auth, email, password);
      return credential.user.getIdToken();
    },
    async signInWithGoogle() {
      const provider = new GoogleAuthProvider();
      provider.setCustomParameters({ prompt: 'select_account' });
      const credential = await signInWithPopup(auth, provider, browserPopupRedirectResolver);
      return credential.user.getIdToken();
    },
    signOut: () => signOut(auth),
  };
  return client;
}
