import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandler } from 'express';
import { HttpError } from '../../http/errors.js';

/** The header the sandbox phone's calls carry. */
export const SANDBOX_TOKEN_HEADER = 'x-sandbox-token';
export const SANDBOX_TOKEN_FILE = 'sandbox-token';

/**
 * The token the WhatsApp sandbox's controls require: ATENDE_SANDBOX_TOKEN, or the one generated at
 * the first start and kept in DATA_DIR/sandbox-token (0600), so every process of a deployment on
 * this machine, and every restart, uses the same one.
 */
export function sandboxToken(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = path.join(dataDir, SANDBOX_TOKEN_FILE);
  if (existsSync(file)) {
    const saved = readFileSync(file, 'utf8').trim();
    if (saved.length >= 16) return saved;
  }
  const token = randomBytes(24).toString('base64url');
  // 'wx' fails if another process wrote it meanwhile: then that one's token is the token.
  try {
    writeFileSync(file, `${token}\n`, { mode: 0o600, flag: 'wx' });
    return token;
  } catch {
    return readFileSync(file, 'utf8').trim();
  }
}

/** Refuses the sandbox's controls without the right x-sandbox-token (401, the error shape). */
export function sandboxTokenGuard(token: string): RequestHandler {
  const expected = Buffer.from(token);
  return (req, _res, next) => {
    const header = req.headers[SANDBOX_TOKEN_HEADER];
    const given = Buffer.from(typeof header === 'string' ? header : '');
    if (given.length === expected.length && timingSafeEqual(given, expected)) return next();
    next(
      new HttpError(
        401,
        'SANDBOX_TOKEN_REQUIRED',
        'Token do sandbox ausente ou inválido (cabeçalho x-sandbox-token; veja o log de início)',
      ),
    );
  };
}
