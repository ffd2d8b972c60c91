import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import {
  CANNED_REPLIES_PROJECTION,
  CANNED_REPLY_COLLECTION,
  CANNED_REPLY_REVISION_COLLECTION,
  cannedReplyDocId,
  workspaceCannedRepliesIndex,
  type CannedReplyDoc,
  type CannedReplyRevisionDoc,
} from './types.js';

/** The workspace's replies changed at this event. */
function touch(tx: ProjectionTx, event: StoredEvent<AtendeEvent>): void {
  tx.put(CANNED_REPLY_REVISION_COLLECTION, event.metadata.workspaceId, {
    position: event.globalPosition,
  } satisfies CannedReplyRevisionDoc);
}

/** The team's canned replies (Respostas prontas) per workspace, in creation order. */
export const cannedRepliesProjection = defineProjection(CANNED_REPLIES_PROJECTION, {
  CannedReplyCreated: (event, tx) => {
    const { workspaceId } = event.metadata;
    const d = event.data;
    const docId = cannedReplyDocId(workspaceId, d.cannedReplyId);
    if (tx.get<CannedReplyDoc>(CANNED_REPLY_COLLECTION, docId)) return;
    const at = utcIso(event.metadata.occurredAt);
    tx.put(CANNED_REPLY_COLLECTION, docId, {
      id: d.cannedReplyId,
      workspaceId,
      text: d.text,
      category: d.category,
      keywords: d.keywords,
      createdBy: d.createdBy,
      createdAt: at,
      updatedAt: at,
    } satisfies CannedReplyDoc);
    tx.indexPut(workspaceCannedRepliesIndex(workspaceId), d.cannedReplyId, event.globalPosition);
    touch(tx, event);
  },
  CannedReplyUpdated: (event, tx) => {
    const docId = cannedReplyDocId(event.metadata.workspaceId, event.data.cannedReplyId);
    const reply = tx.get<CannedReplyDoc>(CANNED_REPLY_COLLECTION, docId);
    if (!reply) return;
    tx.put(CANNED_REPLY_COLLECTION, docId, {
      ...reply,
      text: event.data.text,
      category: event.data.category,
      keywords: event.data.keywords,
      updatedAt: utcIso(event.metadata.occurredAt),
    } satisfies CannedReplyDoc);
    touch(tx, event);
  },
  CannedReplyDeleted: (event, tx) => {
    const { workspaceId } = event.metadata;
    const docId = cannedReplyDocId(workspaceId, event.data.cannedReplyId);
    if (!tx.get<CannedReplyDoc>(CANNED_REPLY_COLLECTION, docId)) return;
    tx.delete(CANNED_REPLY_COLLECTION, docId);
    tx.indexDelete(workspaceCannedRepliesIndex(workspaceId), event.data.cannedReplyId);
    touch(tx, event);
  },
});
