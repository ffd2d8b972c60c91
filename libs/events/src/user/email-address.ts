import { z } from 'zod';
import { DomainError } from '../core/errors.js';

/* Shared by the user and member aggregates; deliberately not re-exported from the package index. */

export const EMAIL_ADDRESS_MAX_LENGTH = 254;
export const INVALID_EMAIL_ADDRESS_MESSAGE = 'Email inválido';

const emailAddress = z.email().max(EMAIL_ADDRESS_MAX_LENGTH);

/** Trims and lower-cases an e-mail address; throws DomainError INVALID_EMAIL ('Email inválido') when malformed. */
export function requireEmailAddress(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : '';
  if (!emailAddress.safeParse(email).success)
    throw new DomainError('INVALID_EMAIL', INVALID_EMAIL_ADDRESS_MESSAGE);
  return email;
}

/** Event-schema field: a normalised (trimmed, lower-case) e-mail address. */
export const normalisedEmailSchema = emailAddress.refine((v) => v === v.trim().toLowerCase(), {
  message: 'must be trimmed and lower-case',
});
