import type { z } from 'zod';
import { answerInvalid } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';

/**
 * Development and tests (VALIDATE_ANSWERS): an answer must match its route's contract schema, the
 * one clients rely on. A mismatch is a bug of ours, so it is a 500 and an error in the log, naming
 * the route and the issues' paths and codes but no value (answers carry personal data).
 */
export function checkAnswer(
  deps: Pick<GatewayDeps, 'validateAnswers' | 'logger'>,
  schema: z.ZodType,
  answer: unknown,
  route: string,
): void {
  if (!deps.validateAnswers) return;
  const checked = schema.safeParse(answer);
  if (checked.success) return;
  const issues = checked.error.issues.map(({ code, path, message }) => ({ code, path, message }));
  deps.logger.error({ route, issues }, 'answer does not match its contract schema');
  throw answerInvalid();
}
