import type { GatewayDeps } from './gateway-deps.js';
/**
 * helmet with a Content-Security-Policy for the web client: its own scripts only; images also from
 * data: (QR codes) and https: (WhatsApp profile pictures); in Firebase mode the Google sign-in popup
 * and Firebase Auth endpoints.
 */
export declare function securityHeaders(deps: Pick<GatewayDeps, 'firebase' | 'firebaseWebConfig'>): (req: import("http").IncomingMessage, res: import("http").ServerResponse, next: (err?: unknown) => void) => void;
