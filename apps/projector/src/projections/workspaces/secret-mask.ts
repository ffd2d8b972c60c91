import { isSecretIntegrationField } from '@atende/events';

/** What a secret shows instead of its value. */
export const SECRET_MASK = '••••';
/** Secrets longer than this show their last 4 characters after the mask; shorter ones only the mask. */
const SHOW_TAIL_ABOVE = 8;

function isMasked(value: string): boolean {
  return value === SECRET_MASK || (value.length === SECRET_MASK.length + 4 && value.startsWith(SECRET_MASK));
}

/**
 * '••••' plus the last 4 characters (only for secrets long enough that 4 characters reveal little).
 * A value already masked comes back unchanged, so masking twice shows the same.
 */
export function maskSecret(value: string): string {
  if (isMasked(value)) return value;
  return value.length > SHOW_TAIL_ABOVE ? `${SECRET_MASK}${value.slice(-4)}` : SECRET_MASK;
}

/** An integration's config with its secret values masked (`isSecretIntegrationField`), the rest as given. */
export function maskIntegrationConfig(config: Readonly<Record<string, string>>): Record<string, string> {
  const masked: Record<string, string> = {};
  for (const [label, value] of Object.entries(config)) {
    masked[label] = isSecretIntegrationField(label) ? maskSecret(value) : value;
  }
  return masked;
}
