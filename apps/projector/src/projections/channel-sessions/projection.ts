import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  CHANNEL_SESSIONS_PROJECTION,
  PENDING_SESSIONS_INDEX,
  SESSION_COLLECTION,
  RESTORABLE_SESSIONS_INDEX,
  userSessionsIndex,
  workspaceSessionsIndex,
  type SessionDoc,
} from './types.js';

function write(tx: ProjectionTx, session: SessionDoc): void {
  const score = Date.parse(session.updatedAt);
  tx.put(SESSION_COLLECTION, session.sessionId, session);
  tx.indexPut(workspaceSessionsIndex(session.workspaceId), session.sessionId, score);
  tx.indexPut(userSessionsIndex(session.userId), session.sessionId, score);
}

type SessionEvent = StoredEvent<AtendeEvent> & { data: { sessionId: string } };

/** Changes an existing session of the event's workspace (session ids are global: another one's is skipped). */
function update(
  event: SessionEvent,
  tx: ProjectionTx,
  change: (session: SessionDoc) => Partial<SessionDoc>,
): void {
  const session = tx.get<SessionDoc>(SESSION_COLLECTION, event.data.sessionId);
  if (!session || session.workspaceId !== event.metadata.workspaceId) return;
  write(tx, { ...session, ...change(session), updatedAt: utcIso(event.metadata.occurredAt) });
}

/** Whether the event is about a known session of its own workspace. */
function ownSession(event: SessionEvent, tx: ProjectionTx): boolean {
  const session = tx.get<SessionDoc>(SESSION_COLLECTION, event.data.sessionId);
  return session?.workspaceId === event.metadata.workspaceId;
}

/** WhatsApp channel sessions (connect modal, status and sessions calls). */
export const channelSessionsProjection = defineProjection(CHANNEL_SESSIONS_PROJECTION, {
  ChannelSessionRequested: (event, tx) => {
    const d = event.data;
    const previous = tx.get<SessionDoc>(SESSION_COLLECTION, d.sessionId);
    if (previous && previous.workspaceId !== d.workspaceId) return;
    if (previous && previous.userId !== d.userId)
      tx.indexDelete(userSessionsIndex(previous.userId), d.sessionId);
    tx.indexDelete(RESTORABLE_SESSIONS_INDEX, d.sessionId);
    tx.indexPut(PENDING_SESSIONS_INDEX, d.sessionId, Date.parse(event.metadata.occurredAt));
    write(tx, {
      sessionId: d.sessionId,
      workspaceId: d.workspaceId,
      userId: d.userId,
      channel: d.channel,
      driver: d.driver,
      phoneNumber: d.phoneNumber,
      name: d.name,
      status: 'requested',
      qrCode: null,
      lastError: null,
      connectedAt: null,
      updatedAt: utcIso(event.metadata.occurredAt),
    });
  },
  ChannelQrIssued: (event, tx) => {
    if (ownSession(event, tx)) {
      tx.indexPut(PENDING_SESSIONS_INDEX, event.data.sessionId, Date.parse(event.metadata.occurredAt));
    }
    update(event, tx, () => ({ status: 'qr_issued', qrCode: event.data.qrCode }));
  },
  ChannelConnected: (event, tx) => {
    if (ownSession(event, tx)) {
      tx.indexPut(RESTORABLE_SESSIONS_INDEX, event.data.sessionId, Date.parse(event.metadata.occurredAt));
      tx.indexDelete(PENDING_SESSIONS_INDEX, event.data.sessionId);
    }
    update(event, tx, (s) => ({
      status: 'connected',
      phoneNumber: event.data.phoneNumber ?? s.phoneNumber,
      qrCode: null,
      lastError: null,
      connectedAt: utcIso(event.metadata.occurredAt),
    }));
  },
  ChannelDisconnected: (event, tx) => {
    if (ownSession(event, tx)) {
      tx.indexDelete(RESTORABLE_SESSIONS_INDEX, event.data.sessionId);
      tx.indexDelete(PENDING_SESSIONS_INDEX, event.data.sessionId);
    }
    update(event, tx, () => ({ status: 'disconnected', qrCode: null, lastError: null }));
  },
  ChannelFailed: (event, tx) => {
    // The connect modal gives up on a failed session (the user asks again): nothing to take over.
    // A driver's retry that issues a QR code again puts it back.
    if (ownSession(event, tx)) tx.indexDelete(PENDING_SESSIONS_INDEX, event.data.sessionId);
    update(event, tx, () => ({ status: 'failed', qrCode: null, lastError: event.data.error }));
  },
});
