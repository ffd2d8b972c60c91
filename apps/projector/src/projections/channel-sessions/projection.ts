import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  CHANNEL_SESSIONS_PROJECTION,
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

/** Changes an existing session of the event's workspace (session ids are global: another one's is skipped). */
function update(
  event: StoredEvent<AtendeEvent> & { data: { sessionId: string } },
  tx: ProjectionTx,
  change: (session: SessionDoc) => Partial<SessionDoc>,
): void {
  const session = tx.get<SessionDoc>(SESSION_COLLECTION, event.data.sessionId);
  if (!session || session.workspaceId !== event.metadata.workspaceId) return;
  write(tx, { ...session, ...change(session), updatedAt: utcIso(event.metadata.occurredAt) });
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
  ChannelQrIssued: (event, tx) =>
    update(event, tx, () => ({ status: 'qr_issued', qrCode: event.data.qrCode })),
  ChannelConnected: (event, tx) => {
    const session = tx.get<SessionDoc>(SESSION_COLLECTION, event.data.sessionId);
    if (session?.workspaceId === event.metadata.workspaceId) {
      tx.indexPut(RESTORABLE_SESSIONS_INDEX, session.sessionId, Date.parse(event.metadata.occurredAt));
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
    const session = tx.get<SessionDoc>(SESSION_COLLECTION, event.data.sessionId);
    if (session?.workspaceId === event.metadata.workspaceId) {
      tx.indexDelete(RESTORABLE_SESSIONS_INDEX, session.sessionId);
    }
    update(event, tx, () => ({ status: 'disconnected', qrCode: null, lastError: null }));
  },
  ChannelFailed: (event, tx) =>
    update(event, tx, () => ({ status: 'failed', qrCode: null, lastError: event.data.error })),
});
