import type { ProjectionView } from '@atende/events';
import { integrationTypes } from '@atende/events';
import {
  workspaceCollections as c,
  integrationDocId,
  type IntegrationDoc,
  type IntegrationView,
  type WorkspaceDoc,
} from './types.js';

export async function getWorkspace(
  view: ProjectionView,
  workspaceId: string,
): Promise<WorkspaceDoc | undefined> {
  return view.get<WorkspaceDoc>(c.workspace, workspaceId);
}

/** All six integration types in the spec's order; never-configured ones are disconnected with no config. */
export async function listIntegrations(
  view: ProjectionView,
  workspaceId: string,
): Promise<IntegrationView[]> {
  const docs = await view.getMany<IntegrationDoc>(
    c.integration,
    integrationTypes.map((type) => integrationDocId(workspaceId, type)),
  );
  return integrationTypes.map(
    (type, i): IntegrationView =>
      docs[i] ?? {
        workspaceId,
        type,
        status: 'disconnected',
        config: {},
        connectedAt: null,
        updatedAt: null,
      },
  );
}
