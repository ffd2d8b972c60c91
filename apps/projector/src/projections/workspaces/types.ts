import type { IntegrationServer, IntegrationType, PlanName, WorkspaceSettings } from '@atende/events';

export const WORKSPACES_PROJECTION = 'workspaces';

export const workspaceCollections = {
  workspace: 'workspace',
  integration: 'integration',
  usage: 'usage',
} as const;

/** 'usage' id `${workspaceId}:${YYYY-MM}` (usageMonth, Brasília time). */
export function usageDocId(workspaceId: string, month: string): string {
  return `${workspaceId}:${month}`;
}

/** What a workspace used in one calendar month (plans count conversations started per month). */
export interface UsageDoc {
  workspaceId: string;
  month: string;
  conversationsStarted: number;
  /** Of them, started beyond the plan's limit (stored, marked, not answerable while over). */
  overLimitConversations: number;
}

export function integrationDocId(workspaceId: string, type: IntegrationType): string {
  return `${workspaceId}:${type}`;
}

/** A workspace's configured integrations, id type, score = position of the type in integrationTypes. */
export function workspaceIntegrationsIndex(workspaceId: string): string {
  return `ws:${workspaceId}:integrations`;
}

/**
 * Every workspace whose integration of this type is connected (id workspaceId, score 0): what a
 * channel worker serves at start (the e-mail channel's mailboxes).
 */
export function connectedIntegrationIndex(type: IntegrationType): string {
  return `integration:${type}:connected`;
}

/** 'workspace' id workspaceId. */
export interface WorkspaceDoc {
  workspaceId: string;
  name: string;
  ownerId: string;
  trialStartedAt: string;
  trialDays: number;
  /** The plan chosen; null (or absent in documents projected before plans) while on the trial. */
  plan?: PlanName | null;
  settings: WorkspaceSettings;
  createdAt: string;
}

export type IntegrationStatus = 'connected' | 'disconnected';

/** 'integration' id `${workspaceId}:${type}` (only types that were ever configured). */
export interface IntegrationDoc {
  workspaceId: string;
  type: IntegrationType;
  status: IntegrationStatus;
  /** Field label → value, secret values masked (maskSecret: never the secret); empty once disconnected. */
  config: Record<string, string>;
  /** When it was connected (kept across re-configurations), null while disconnected. */
  connectedAt: string | null;
  updatedAt: string;
  /** How its servers answered, as a channel worker last reported (absent: nothing reported since saved). */
  health?: Partial<Record<IntegrationServer, { reachable: boolean; error: string | null; at: string }>>;
}

/** An integration card as listed: never-configured types have updatedAt null. */
export type IntegrationView = Omit<IntegrationDoc, 'updatedAt'> & { updatedAt: string | null };
