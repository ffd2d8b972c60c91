import helmet from 'helmet';
import type { GatewayDeps } from './gateway-deps.js';

/**
 * helmet with a Content-Security-Policy for the web client: its own scripts only; images also from
 * data: (QR codes) and https: (WhatsApp profile pictures); in Firebase mode the Google sign-in popup
 * and Firebase Auth endpoints.
 */
export function securityHeaders(deps: Pick<GatewayDeps, 'firebase' | 'firebaseWebConfig'>) {
  const connect = ["'self'"];
  const frames = ["'self'"];
  const scripts = ["'self'"];
  if (deps.firebase) {
    connect.push('https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com');
    scripts.push('https://apis.google.com');
    frames.push('https://accounts.google.com');
    const authDomain = deps.firebaseWebConfig?.authDomain;
    if (authDomain) frames.push(`https://${authDomain}`);
    const emulator = process.env.FIREBASE_AUTH_EMULATOR_HOST;
    if (emulator) connect.push(`http://${emulator}`);
  }
  return helmet({
    contentSecurityPolicy: {
      directives: {
        'script-src': scripts,
        'connect-src': connect,
        'frame-src': frames,
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
      },
    },
  });
}
