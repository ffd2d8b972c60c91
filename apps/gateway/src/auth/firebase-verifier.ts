import type { Auth } from 'firebase-admin/auth';

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
  // firebase-admin is loaded at the first sign-in it checks: a deployment without Firebase never
  // loads it, and one with it does not pay for it before it is used.
  let auth: Promise<Auth> | undefined;
  const authOf = () =>
    (auth ??= (async () => {
      const [{ getApps, initializeApp }, { getAuth }] = await Promise.all([
        import('firebase-admin/app'),
        import('firebase-admin/auth'),
      ]);
      const name = `atende-${projectId}`;
      return getAuth(getApps().find((a) => a.name === name) ?? initializeApp({ projectId }, name));
    })());
  return {
    projectId,
    async verify(idToken) {
      const decoded = await (await authOf()).verifyIdToken(idToken, true);
      return {
        uid: decoded.uid,
        email: decoded.email ?? null,
        emailVerified: decoded.email_verified === true,
      };
    },
  };
}
