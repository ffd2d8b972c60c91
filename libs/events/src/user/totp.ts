import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
const PARAMS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;

/** A new random secret (160 bits), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URL an authenticator app reads from the QR code. */
export function totpUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...PARAMS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

/** Whether `code` is the secret's code at `at`, one step either side (clocks drift). */
export function totpMatches(secret: string, code: string, at: Date): boolean {
  if (!/^\d{6}$/.test(code.trim())) return false;
  const totp = new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) });
  return totp.validate({ token: code.trim(), timestamp: at.getTime(), window: 1 }) !== null;
}

/** The code at an instant (tests, and nothing else: the app makes the codes). */
export function totpCodeAt(secret: string, at: Date): string {
  return new TOTP({ ...PARAMS, secret: Secret.fromBase32(secret) }).generate({ timestamp: at.getTime() });
}
