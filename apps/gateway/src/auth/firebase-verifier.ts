import { getApps, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

export interface FirebaseIdentity {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/** Checks Firebase ID tokens (signature, audience = project, expiry) with firebase-admin. */
export interface FirebaseVerifier {
  readonly projectId: string;
  verify(idToken: string): Promise<FirebaseIdentity>;
}

export function createFirebaseVerifier(projectId: string): FirebaseVerifier {
  const name = `atende-${projectId}`;
  const app: App = getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name);
  const auth = getAuth(app);
  return {
    projectId,
    async verify(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
      };
    },
  };
}
