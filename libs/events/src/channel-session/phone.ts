import { DomainError } from '../core/errors.js';

export const PHONE_REQUIRED_MESSAGE = 'Número do WhatsApp é obrigatório';
export const PHONE_INVALID_MESSAGE = 'Número do WhatsApp inválido';

/** Strips non-digits (spec §5); throws PHONE_REQUIRED when nothing is left, PHONE_INVALID outside 8..15 digits. */
export function normalisePhoneNumber(raw: string | null | undefined): string {
  const digits = (raw ?? '').replace(/\D/g, '');
  if (!digits) throw new DomainError('PHONE_REQUIRED', PHONE_REQUIRED_MESSAGE);
  if (digits.length < 8 || digits.length > 15) throw new DomainError('PHONE_INVALID', PHONE_INVALID_MESSAGE);
  return digits;
}
