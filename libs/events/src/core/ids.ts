import { hash, randomUUID } from 'node:crypto';

/** Namespace of Atende's name-based (v5) event ids. */
const ATENDE_NAMESPACE = '6f0a1c52-3b7e-4d8a-9a57-2f3c1f8e9b10';
const NAMESPACE_BYTES = Buffer.from(ATENDE_NAMESPACE.replaceAll('-', ''), 'hex');

/** RFC 9562 name-based UUID (version 5, SHA-1) in one hashing call: ingest computes several per message. */
export function uuidV5(name: string, namespace: Buffer = NAMESPACE_BYTES): string {
  const bytes = hash('sha1', Buffer.concat([namespace, Buffer.from(name, 'utf8')]), 'buffer');
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  return formatUuid(bytes);
}

const HEX = '0123456789abcdef';
const DASH_AFTER_BYTE = new Set([3, 5, 7, 9]);

/**
 * The 8-4-4-4-12 form of 16 bytes as one flat string: joined from slices it was a tree of string
 * pieces (≈3 objects, 90 bytes more per id), and the ids of the messages a conversation's cached
 * state tracks stay in the heap.
 */
function formatUuid(bytes: Uint8Array): string {
  const out = Buffer.allocUnsafe(36);
  let at = 0;
  for (let i = 0; i < 16; i += 1) {
    out[at++] = HEX.charCodeAt(bytes[i]! >> 4);
    out[at++] = HEX.charCodeAt(bytes[i]! & 15);
    if (DASH_AFTER_BYTE.has(i)) out[at++] = 45; // '-'
  }
  return out.toString('latin1');
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
