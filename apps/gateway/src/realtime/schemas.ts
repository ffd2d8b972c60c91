import type { AckError } from '@atende/api-contract';

// The socket's payload schemas and ack shapes live in the contract shared with the web client.
export {
  handshakeAuthSchema,
  joinUserSchema,
  resumeSchema,
  type AckError,
  type JoinAck,
  type ResumeAck,
} from '@atende/api-contract';

/** The pt-BR answers of refused socket requests. */
export const ackErrors = {
  validation: (): AckError => ({ success: false, error: 'Dados inválidos', code: 'VALIDATION_ERROR' }),
  forbidden: (): AckError => ({
    success: false,
    error: 'Você não tem permissão para esta ação',
    code: 'FORBIDDEN',
  }),
  internal: (): AckError => ({ success: false, error: 'Erro inesperado', code: 'INTERNAL_ERROR' }),
} as const;
