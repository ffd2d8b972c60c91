import { NETWORK_ERROR_TEXT } from '../../api/client';

/** The readable text of a failed call (the server's `error`, or 'Erro de conexão'). */
export function errorText(reason: unknown): string {
  return reason instanceof Error && reason.message ? reason.message : NETWORK_ERROR_TEXT;
}
