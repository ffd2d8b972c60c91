import type { ContactEraseAnswer, ContactExport, ContactExportAnswer } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

/** What GET /api/contacts/:contactId/export answers: everything kept about the customer (the contract's). */
export type { ContactExport };

const contactPath = (contactId: string, action: 'export' | 'erase') =>
  `/api/contacts/${encodeURIComponent(contactId)}/${action}`;

/** Only the digits of a phone number or chat id (`+55 (11) 99999-0001` → '5511999990001'). */
export const digitsOf = (text: string | null | undefined): string => (text ?? '').replace(/\D/g, '');

/** The export's file name: `contato-<digits of the conversation id>.json`, as the server names it. */
export const exportFileName = (contactId: string): string => `contato-${digitsOf(contactId) || 'dados'}.json`;

/** GET /api/contacts/:contactId/export (Owner and Admin; the contact id is the conversation id). */
export async function fetchContactExport(contactId: string): Promise<ContactExport> {
  const answer = await apiRequest<ContactExportAnswer>(contactPath(contactId, 'export'));
  return answer.export;
}

/**
 * POST /api/contacts/:contactId/erase with the phone typed as confirmation (the server ignores
 * punctuation and checks it again); answers the server's message.
 */
export async function eraseContactData(contactId: string, confirmPhone: string): Promise<string> {
  const answer = await apiRequest<ContactEraseAnswer>(contactPath(contactId, 'erase'), {
    method: 'POST',
    body: { confirmPhone },
  });
  return answer.message ?? '';
}
