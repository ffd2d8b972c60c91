import { z } from 'zod';
import type { AddressesInput } from './commands.js';
import { EMAIL_PREVIEW_LENGTH } from './events.js';

const emailAddress = z.email().max(320);

/** Splits on commas (also inside list items), trims, drops blanks and case-insensitive repeats. */
export function splitAddresses(input: AddressesInput | null | undefined): string[] {
  if (input === undefined || input === null) return [];
  const raw = typeof input === 'string' ? input.split(',') : input.flatMap((a) => a.split(','));
  const seen = new Set<string>();
  const addresses: string[] = [];
  for (const address of raw.map((a) => a.trim())) {
    const key = address.toLowerCase();
    if (address && !seen.has(key)) {
      seen.add(key);
      addresses.push(address);
    }
  }
  return addresses;
}

export function isValidEmailAddress(address: string): boolean {
  return emailAddress.safeParse(address).success;
}

/** The first 100 characters of the content (spec §5), never splitting an emoji in two. */
export function emailPreview(content: string): string {
  let preview = '';
  let count = 0;
  for (const char of content) {
    if (count === EMAIL_PREVIEW_LENGTH) break;
    preview += char;
    count += 1;
  }
  return preview;
}

/**
 * The Message-ID an e-mail of ours goes out with: its id at the sending address's domain (one a
 * mail server accepts as its own; `atende.invalid` until an address is configured).
 */
export function messageIdFor(emailId: string, fromAddress: string | undefined): string {
  const domain = fromAddress?.split('@')[1]?.trim().toLowerCase();
  const local = emailId.replace(/[^A-Za-z0-9._-]/g, '').slice(0, 120) || 'email';
  return `<${local}@${domain && /^[a-z0-9.-]{1,200}$/.test(domain) ? domain : 'atende.invalid'}>`;
}
