import { z } from 'zod';
import { REMOVED_PLACEHOLDER } from '@atende/events';
import { seal, unseal } from './master-key.js';

/** An encrypted field inside an event's data: the key's id beside the AES-256-GCM ciphertext. */
export const sealedFieldSchema = z.strictObject({
  $sealed: z.literal(1),
  k: z.string().min(1),
  c: z.string().min(1),
});
export type SealedField = z.infer<typeof sealedFieldSchema>;

export function isSealedField(value: unknown): value is SealedField {
  return sealedFieldSchema.safeParse(value).success;
}

/** Seals a text with a data key; the key id is also authenticated (a ciphertext cannot be moved to another key). */
export function sealField(keyId: string, key: Buffer, text: string): SealedField {
  return { $sealed: 1, k: keyId, c: seal(key, Buffer.from(text, 'utf8'), keyId) };
}

/** Opens a sealed field with its key, or the placeholder when the key is gone. */
export function openField(field: SealedField, key: Buffer | undefined): string {
  if (!key) return REMOVED_PLACEHOLDER;
  return unseal(key, field.c, field.k).toString('utf8');
}
