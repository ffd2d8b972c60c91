import { DomainError } from '../core/errors.js';
import {
  planLimitConversationsMessage,
  requireSendingAllowed,
  stillOverLimit,
  type ConversationAllowance,
} from '../workspace/plan.js';
import { parseIsoTimestamp } from './messages.js';

/* What an agent's message must satisfy besides its text: the plan, and a believable time. */

/** The first candidate that is a valid instant, as ISO; INVALID_TIMESTAMP when none is. */
export function requireTimestamp(...candidates: unknown[]): string {
  for (const candidate of candidates) {
    const iso = parseIsoTimestamp(candidate);
    if (iso) return iso;
  }
  throw new DomainError('INVALID_TIMESTAMP', 'Data inválida');
}

/** How far a browser's clock may be from ours before its time is ignored. */
export const CLIENT_CLOCK_TOLERANCE_MS = 5 * 60_000;

/**
 * The time an agent's message is recorded with: the browser's, unless the server's receipt time is
 * known and the browser's is more than CLIENT_CLOCK_TOLERANCE_MS from it (a wrong clock, or a
 * forged time to reorder history): then the server's.
 */
export function outboundTimestamp(client: unknown, receivedAt: unknown): string {
  const server = parseIsoTimestamp(receivedAt);
  const given = parseIsoTimestamp(client);
  if (given && server && Math.abs(Date.parse(given) - Date.parse(server)) > CLIENT_CLOCK_TOLERANCE_MS) {
    return server;
  }
  return requireTimestamp(client, receivedAt);
}

/**
 * The workspace may answer: a running trial or a plan (TRIAL_ENDED otherwise), and a conversation
 * started over this month's limit only once the plan allows as many conversations as were started.
 */
export function requireMayAnswer(overLimitMonth: string | null, allowance: ConversationAllowance): void {
  requireSendingAllowed(allowance.entitlement);
  if (overLimitMonth === allowance.month && stillOverLimit(allowance)) {
    throw new DomainError('PLAN_LIMIT_CONVERSATIONS', planLimitConversationsMessage(allowance.entitlement));
  }
}
