import type { ChannelDriver, ChannelSessionStatus } from '@atende/events';

export const CHANNEL_SESSIONS_PROJECTION = 'channel-sessions';

export const SESSION_COLLECTION = 'session';

/** A workspace's sessions, id sessionId, score = updatedAt (ms). */
export function workspaceSessionsIndex(workspaceId: string): string {
  return `ws:${workspaceId}`;
}

/** A user's sessions, id sessionId, score = updatedAt (ms). */
export function userSessionsIndex(userId: string): string {
  return `user:${userId}`;
}

/**
 * Sessions to restore when a channel worker starts: connected at least once and not disconnected
 * since (a failed one is retried too). Id sessionId, score = when it connected (ms).
 */
export const RESTORABLE_SESSIONS_INDEX = 'restorable';

/**
 * Sessions waiting for their QR code to be scanned (requested or QR issued; not connected, failed or
 * erased since), for a channel worker to take over when the one showing the QR dies. Id sessionId,
 * score = when it was last requested or its last QR was issued (ms).
 */
export const PENDING_SESSIONS_INDEX = 'pending';

/** 'session' id sessionId. */
export interface SessionDoc {
  sessionId: string;
  workspaceId: string;
  userId: string;
  channel: 'whatsapp';
  driver: ChannelDriver;
  /** Digits only: the requested number, replaced by the one the phone reports on connecting. */
  phoneNumber: string;
  /** Support name. */
  name: string;
  status: ChannelSessionStatus;
  /** The QR to scan while qr_issued, else null. */
  qrCode: string | null;
  /** The error of the last failure while failed, else null. */
  lastError: string | null;
  /** When it last connected; null until then (a new request resets it). */
  connectedAt: string | null;
  updatedAt: string;
}
