import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';
import type { Projection } from '../projection.js';

/**
 * Each erasable projection's record of the workspaces whose data was deleted (id workspaceId):
 * what remains of such a workspace, so that its later events (a customer writing to a phone that
 * was still paired) change nothing.
 */
export const CLOSED_WORKSPACE_COLLECTION = 'closed-workspace';

/** 'closed-workspace' id workspaceId. */
export interface ClosedWorkspaceDoc {
  /** ISO time of the deletion. */
  closedAt: string;
  /** Global position of the WorkspaceDataDeleted event. */
  position: number;
}

export type WorkspaceDataDeletedEvent = StoredEvent<Extract<AtendeEvent, { type: 'WorkspaceDataDeleted' }>>;

/** Drops everything one projection holds of a workspace (see ProjectionTx.deletePrefix and friends). */
export type WorkspaceEraser = (
  workspaceId: string,
  event: WorkspaceDataDeletedEvent,
  tx: ProjectionTx,
) => void;

/**
 * The key layout most projections follow: documents with id `{workspaceId}` or `{workspaceId}:…` in
 * `collections`, and indexes named `ws:{workspaceId}`, `ws:{workspaceId}:…` or `chat:{workspaceId}:…`.
 * Collections keyed by something else (users, sessions) must not be listed.
 */
export function eraseWorkspaceKeys(
  tx: ProjectionTx,
  workspaceId: string,
  collections: readonly string[],
): void {
  for (const collection of collections) {
    tx.delete(collection, workspaceId);
    tx.deletePrefix(collection, `${workspaceId}:`);
  }
  tx.indexDeletePrefix(`ws:${workspaceId}`, '');
  tx.indexDropPrefix(`ws:${workspaceId}:`);
  tx.indexDropPrefix(`chat:${workspaceId}:`);
}

/**
 * The projection plus 'Excluir todos os dados da conta': on WorkspaceDataDeleted it erases the
 * workspace's data and records it as closed; any later event of that workspace is ignored. Live and
 * rebuilt read models agree, since both follow the same log.
 */
export function withWorkspaceErasure(projection: Projection, erase: WorkspaceEraser): Projection {
  const eventTypes = new Set<AtendeEvent['type']>([...projection.eventTypes, 'WorkspaceDataDeleted']);
  return {
    name: projection.name,
    eventTypes,
    apply(event, tx) {
      if (event.type === 'WorkspaceDataDeleted') {
        const { workspaceId } = event.data;
        if (tx.get<ClosedWorkspaceDoc>(CLOSED_WORKSPACE_COLLECTION, workspaceId)) return;
        erase(workspaceId, event, tx);
        tx.put(CLOSED_WORKSPACE_COLLECTION, workspaceId, {
          closedAt: new Date(Date.parse(event.metadata.occurredAt)).toISOString(),
          position: event.globalPosition,
        } satisfies ClosedWorkspaceDoc);
        return;
      }
      if (tx.get<ClosedWorkspaceDoc>(CLOSED_WORKSPACE_COLLECTION, event.metadata.workspaceId)) return;
      projection.apply(event, tx);
    },
  };
}
