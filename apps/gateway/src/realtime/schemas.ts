import { z } from 'zod';

const userId = z.string().min(1).max(256);
const position = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** `join:user`: the spec's client sends the user id itself; `{ userId }` is accepted too. */
export const joinUserSchema = z.union([userId, z.strictObject({ userId })]);

/** `resume`: the last global position the client saw. */
export const resumeSchema = z.strictObject({ lastPosition: position });

/** Handshake `auth`: optionally the last position seen (reconnect), which resumes from there. */
export const handshakeAuthSchema = z.object({ lastPosition: position.nullish() });

export interface AckError {
  success: false;
  error: string;
  code: 'VALIDATION_ERROR' | 'FORBIDDEN' | 'UNAUTHENTICATED' | 'INTERNAL_ERROR';
}

export interface JoinAck {
  success: true;
  userId: string;
  /** Live changes follow this position (after any replay). */
  position: number;
}

export interface ResumeAck {
  success: true;
  /** Socket events sent by the replay. */
  replayed: number;
  /** Live changes follow this position. */
  position: number;
}

export const ackErrors = {
  validation: (): AckError => ({ success: false, error: 'Dados inválidos', code: 'VALIDATION_ERROR' }),
  forbidden: (): AckError => ({
    success: false,
    error: 'Você não tem permissão para esta ação',
    code: 'FORBIDDEN',
  }),
  internal: (): AckError => ({ success: false, error: 'Erro inesperado', code: 'INTERNAL_ERROR' }),
} as const;
