import { randomUUID } from 'node:crypto';
import { v5 as uuidv5 } from 'uuid';

/** Namespace of Atende's name-based (v5) event ids. */
const ATENDE_NAMESPACE = '6f0a1c52-3b7e-4d8a-9a57-2f3c1f8e9b10';

/**
 * Event id derived from a business key, scoped to the workspace so two workspaces never collide:
 * the same key always gives the same id, which makes re-appending it a no-op.
 */
export function deterministicEventId(workspaceId: string, idempotencyKey: string): string {
  return uuidv5(`${workspaceId}\u0000${idempotencyKey}`, ATENDE_NAMESPACE);
}

export function newId(): string {
  return randomUUID();
}
