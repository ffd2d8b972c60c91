import { createHash } from 'node:crypto';

/** A real 1×1 PNG: uploads are checked by their signature, and browsers can draw it. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const sha256Hex = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** A message the sandbox phone received (`GET /api/sandbox/whatsapp/outbox`), a file's included. */
export interface SandboxOutboxEntry {
  messageId: string;
  providerMessageId: string;
  content: string;
  type: string;
  media?: { sha256: string; mimeType: string; fileName: string; size: number };
}
