import { DomainError, InvalidEventError, WrongExpectedVersionError } from '@atende/events';
import { ZodError } from 'zod';

/** An answer other than 2xx, with the readable text people see (pt-BR) and a stable code. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export interface ErrorBody {
  success: false;
  error: string;
  code: string;
}

export const unauthenticated = () =>
  new HttpError(401, 'UNAUTHENTICATED', 'Sessão expirada. Entre novamente.');
export const forbidden = () => new HttpError(403, 'FORBIDDEN', 'Você não tem permissão para esta ação');
export const notFound = (what = 'Recurso') => new HttpError(404, 'NOT_FOUND', `${what} não encontrado`);
/** An answer that does not match its contract schema (checked in development and tests): our bug. */
export const answerInvalid = () =>
  new HttpError(500, 'INTERNAL_ANSWER_INVALID', 'Erro interno do servidor. Tente novamente mais tarde.');

const FIELD_NAMES: Record<string, string> = {
  email: 'Email',
  password: 'Senha',
  title: 'Título',
  content: 'Conteúdo',
  to: 'Para',
  subject: 'Assunto',
  text: 'Texto',
  category: 'Categoria',
  keywords: 'Palavras-chave',
};

function describeZod(error: ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Dados inválidos';
  const path = first.path.join('.');
  const field = FIELD_NAMES[path] ?? path;
  if (first.code === 'unrecognized_keys') return `Campo não permitido: ${first.keys.join(', ')}`;
  if (first.code === 'invalid_type' && first.input === undefined) return `Campo obrigatório: ${field}`;
  return field ? `Dados inválidos em ${field}: ${first.message}` : `Dados inválidos: ${first.message}`;
}

/** The HTTP status of a domain refusal, by its code. */
function domainStatus(code: string): number {
  if (/NOT_FOUND$/.test(code)) return 404;
  if (code === 'MEDIA_TOO_LARGE') return 413;
  if (code === 'MEDIA_TYPE_NOT_ALLOWED') return 415;
  if (/(_EXISTS|CONFLICT)$/.test(code)) return 409;
  // Plan rules (a full plan, an ended trial) answer 402 Payment Required: an upgrade lifts them.
  if (/^(PLAN_LIMIT_|TRIAL_ENDED$)/.test(code)) return 402;
  return 400;
}

/** Turns anything thrown by a handler into a status and the `{ success:false, error, code }` body. */
export function toErrorResponse(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof HttpError) {
    return { status: error.status, body: { success: false, error: error.message, code: error.code } };
  }
  if (error instanceof ZodError) {
    return { status: 400, body: { success: false, error: describeZod(error), code: 'VALIDATION_ERROR' } };
  }
  if (error instanceof DomainError) {
    const status = domainStatus(error.code);
    return { status, body: { success: false, error: error.message, code: error.code } };
  }
  if (error instanceof WrongExpectedVersionError) {
    return {
      status: 409,
      body: { success: false, error: 'Outra pessoa alterou isto agora. Tente novamente.', code: error.code },
    };
  }
  if (error instanceof InvalidEventError) {
    return { status: 400, body: { success: false, error: 'Dados inválidos', code: 'VALIDATION_ERROR' } };
  }
  const status =
    (error as { status?: number; statusCode?: number })?.status ??
    (error as { statusCode?: number })?.statusCode;
  const type = (error as { type?: string })?.type;
  if (status === 413 || type === 'entity.too.large') {
    return {
      status: 413,
      body: { success: false, error: 'Conteúdo grande demais', code: 'PAYLOAD_TOO_LARGE' },
    };
  }
  if (type === 'entity.parse.failed') {
    return { status: 400, body: { success: false, error: 'JSON inválido', code: 'INVALID_JSON' } };
  }
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, body: { success: false, error: 'Requisição inválida', code: 'BAD_REQUEST' } };
  }
  return { status: 500, body: { success: false, error: 'Erro inesperado', code: 'INTERNAL_ERROR' } };
}
