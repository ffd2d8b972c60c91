import type { ConversationAllowance, IntegrationType, ProjectionView, WorkspacePlan } from '@atende/events';
import { entitlementAt, integrationTypes, usageMonth } from '@atende/events';
import {
  workspaceCollections as c,
  connectedIntegrationIndex,
  integrationDocId,
  usageDocId,
  type IntegrationDoc,
  type IntegrationView,
  type UsageDoc,
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

/**
 * The workspaces whose integration of this type is connected (a channel worker's start), and the log
 * position the list is as of: what changed after it is in the log from `asOf + 1` on.
 */
export async function workspacesWithIntegration(
  view: ProjectionView,
  type: IntegrationType,
): Promise<{ workspaceIds: string[]; asOf: number }> {
  // The position first: the list read after it is at least as new.
  const asOf = await view.checkpoint();
  const workspaceIds = (await view.range(connectedIntegrationIndex(type))).map((entry) => entry.id);
  return { workspaceIds, asOf };
}

/** The billing part of a workspace document (plan.ts rules take it). */
export function workspacePlanOfDoc(doc: WorkspaceDoc): WorkspacePlan {
  return { plan: doc.plan ?? null, trialStartedAt: doc.trialStartedAt, trialDays: doc.trialDays };
}

/** What the workspace used in a month (zeros for a month with nothing). */
export async function getUsage(view: ProjectionView, workspaceId: string, month: string): Promise<UsageDoc> {
  return (
    (await view.get<UsageDoc>(c.usage, usageDocId(workspaceId, month))) ?? {
      workspaceId,
      month,
      conversationsStarted: 0,
      overLimitConversations: 0,
    }
  );
}

/**
 * The workspace's standing for conversations now (its plan or trial, and this month's count), for the
 * conversation decider; undefined for a workspace the read models do not know.
 */
export async function conversationAllowance(
  view: ProjectionView,
  workspaceId: string,
  now: Date = new Date(),
): Promise<ConversationAllowance | undefined> {
  const month = usageMonth(now);
  const [doc, usage] = await Promise.all([
    getWorkspace(view, workspaceId),
    getUsage(view, workspaceId, month),
  ]);
  if (!doc) return undefined;
  return {
    entitlement: entitlementAt(workspacePlanOfDoc(doc), now),
    month,
    conversationsThisMonth: usage.conversationsStarted,
  };
}
