import type { IntegrationType, ProjectionTx } from '@atende/events';
import { defaultWorkspaceSettings, integrationTypes, usageMonth } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import { maskIntegrationConfig } from './secret-mask.js';
import {
  WORKSPACES_PROJECTION,
  workspaceCollections as c,
  connectedIntegrationIndex,
  integrationDocId,
  workspaceIntegrationsIndex,
  usageDocId,
  type IntegrationDoc,
  type UsageDoc,
  type WorkspaceDoc,
} from './types.js';

function workspaceExists(tx: ProjectionTx, workspaceId: string): boolean {
  return tx.get<WorkspaceDoc>(c.workspace, workspaceId) !== undefined;
}

/** Adds to the month's usage of the workspace the event belongs to (its time decides the month). */
function addUsage(
  tx: ProjectionTx,
  workspaceId: string,
  occurredAt: string,
  change: Pick<UsageDoc, 'conversationsStarted' | 'overLimitConversations'>,
): void {
  const month = usageMonth(occurredAt);
  const id = usageDocId(workspaceId, month);
  const current = tx.get<UsageDoc>(c.usage, id);
  tx.put(c.usage, id, {
    workspaceId,
    month,
    conversationsStarted: (current?.conversationsStarted ?? 0) + change.conversationsStarted,
    overLimitConversations: (current?.overLimitConversations ?? 0) + change.overLimitConversations,
  } satisfies UsageDoc);
}

function writeIntegration(tx: ProjectionTx, doc: IntegrationDoc): void {
  tx.put(c.integration, integrationDocId(doc.workspaceId, doc.type), doc);
  tx.indexPut(workspaceIntegrationsIndex(doc.workspaceId), doc.type, integrationTypes.indexOf(doc.type));
  if (doc.status === 'connected') tx.indexPut(connectedIntegrationIndex(doc.type), doc.workspaceId, 0);
  else tx.indexDelete(connectedIntegrationIndex(doc.type), doc.workspaceId);
}

/** Workspaces (company, trial, Configurações) and their integration cards (Integrações). */
export const workspacesProjection = defineProjection(WORKSPACES_PROJECTION, {
  WorkspaceCreated: (event, tx) => {
    const d = event.data;
    const doc: WorkspaceDoc = {
      workspaceId: d.workspaceId,
      name: d.name,
      ownerId: d.ownerId,
      trialStartedAt: d.trialStartedAt,
      trialDays: d.trialDays,
      plan: null,
      settings: defaultWorkspaceSettings(d.name),
      createdAt: utcIso(event.metadata.occurredAt),
    };
    tx.put(c.workspace, d.workspaceId, doc);
  },
  WorkspacePlanChanged: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const workspace = tx.get<WorkspaceDoc>(c.workspace, workspaceId);
    if (!workspace) return;
    tx.put(c.workspace, workspaceId, { ...workspace, plan: event.data.plan } satisfies WorkspaceDoc);
  },
  ConversationStarted: (event, tx) =>
    addUsage(tx, event.metadata.workspaceId, event.metadata.occurredAt, {
      conversationsStarted: 1,
      overLimitConversations: 0,
    }),
  ConversationOverPlanLimit: (event, tx) =>
    addUsage(tx, event.metadata.workspaceId, event.metadata.occurredAt, {
      conversationsStarted: 0,
      overLimitConversations: 1,
    }),
  WorkspaceSettingsChanged: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const workspace = tx.get<WorkspaceDoc>(c.workspace, workspaceId);
    if (!workspace) return;
    const s = event.data.settings;
    const settings = {
      company: { ...s.company },
      appearance: { ...s.appearance },
      notifications: { ...s.notifications },
      security: { ...s.security },
    };
    tx.put(c.workspace, workspaceId, { ...workspace, settings } satisfies WorkspaceDoc);
  },
  IntegrationConfigured: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    if (!workspaceExists(tx, workspaceId)) return;
    const type: IntegrationType = event.data.integrationType;
    const current = tx.get<IntegrationDoc>(c.integration, integrationDocId(workspaceId, type));
    const at = utcIso(event.metadata.occurredAt);
    writeIntegration(tx, {
      workspaceId,
      type,
      status: 'connected',
      // Secrets stay in the log: the read model (published to every host) holds them masked.
      config: maskIntegrationConfig(event.data.config),
      connectedAt: current?.status === 'connected' ? current.connectedAt : at,
      updatedAt: at,
    });
  },
  IntegrationHealthReported: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const type: IntegrationType = event.data.integrationType;
    const current = tx.get<IntegrationDoc>(c.integration, integrationDocId(workspaceId, type));
    if (!current || current.status !== 'connected') return;
    const { server, reachable, error } = event.data;
    const at = utcIso(event.metadata.occurredAt);
    writeIntegration(tx, { ...current, health: { ...current.health, [server]: { reachable, error, at } } });
  },
  IntegrationDisconnected: (event, tx) => {
    const workspaceId = event.metadata.workspaceId;
    const type: IntegrationType = event.data.integrationType;
    const current = tx.get<IntegrationDoc>(c.integration, integrationDocId(workspaceId, type));
    if (!current) return;
    // What its servers answered goes with its settings.
    const { health: _health, ...card } = current;
    writeIntegration(tx, {
      ...card,
      status: 'disconnected',
      config: {},
      connectedAt: null,
      updatedAt: utcIso(event.metadata.occurredAt),
    });
  },
});
