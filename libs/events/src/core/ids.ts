import { hash, randomUUID } from 'node:crypto';

/** Namespace of Atende's name-based (v5) event ids. */
const ATENDE_NAMESPACE = '6f0a1c52-3b7e-4d8a-9a57-2f3c1f8e9b10';
const NAMESPACE_BYTES = Buffer.from(ATENDE_NAMESPACE.replaceAll('-', ''), 'hex');

/** RFC 9562 name-based UUID (version 5, SHA-1) in one hashing call: ingest computes several per message. */
export function uuidV5(name: string, namespace: Buffer = NAMESPACE_BYTES): string {
  const bytes = hash('sha1', Buffer.concat([namespace, Buffer.from(name, 'utf8')]), 'buffer');
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex', 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Event id derived from a business key, scoped to the workspace so two workspaces never collide:
 * the same key always gives the same id, which makes re-appending it a no-op.
 */
export function deterministicEventId(workspaceId: string, idempotencyKey: string): string {
  return uuidV5(`${workspaceId}\u0000${idempotencyKey}`);
}

export function newId(): string {
  return randomUUID();
}
