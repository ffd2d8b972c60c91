/** The web SDK settings GET /api/auth/config answers in Firebase mode. */
export interface FirebaseWebConfig {
  projectId: string;
  apiKey?: string;
  authDomain?: string;
}

/**
 * What the sign-in sagas need from Firebase. Each sign-in answers the Firebase ID token, which the
 * gateway (POST /api/auth/firebase) trades for its own session cookie.
 */
export interface FirebaseAuthClient {
  signInWithEmail(email: string, password: string): Promise<string>;
  signInWithGoogle(): Promise<string>;
  signOut(): Promise<void>;
}
