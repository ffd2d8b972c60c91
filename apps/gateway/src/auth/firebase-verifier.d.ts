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
export declare function createFirebaseVerifier(projectId: string): FirebaseVerifier;
