/**
 * Which fields of an event are personal data or secrets, kept encrypted inside the stored payload
 * (DESIGN §3). The domain only declares them; the event-store layer seals them on append and opens
 * them on read, so deciders and projections always see plain values.
 */

/** Whose key seals the fields, which is also who can be erased: */
export type SealSubjectKind =
  /** one customer of one workspace (the conversation stream): destroyed by an LGPD erasure; */
  | 'contact'
  /** the workspace's secrets (integration credentials, WhatsApp session): destroyed with the workspace; */
  | 'workspace'
  /** an account's credentials (password hash, two-factor secret and recovery codes). */
  | 'account';

export interface SealedFieldsSpec {
  readonly subject: SealSubjectKind;
  /** Top-level data fields sealed together (absent or null ones are left as they are). */
  readonly fields: readonly string[];
  /** What a field reads as once its key is gone; default REMOVED_PLACEHOLDER. */
  readonly removed?: Readonly<Record<string, unknown>>;
  /** Secrets are withheld from the bus too: its consumers never need them (they read the log). */
  readonly secret?: boolean;
}

/** What a field whose key was destroyed (an erased customer, a deleted workspace) reads as. */
export const REMOVED_PLACEHOLDER = '[dado removido]';

/** The key of a stored payload's sealed part: `{ $sealed: { k: keyId, c: ciphertext } }`. */
export const SEALED_KEY = '$sealed';

/** The sealed part of a payload, when it has one. */
export function sealedPartOf(data: unknown): { k: string; c: string } | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const part = (data as Record<string, unknown>)[SEALED_KEY];
  if (typeof part !== 'object' || part === null) return undefined;
  const { k, c } = part as Record<string, unknown>;
  return typeof k === 'string' && typeof c === 'string' ? { k, c } : undefined;
}
