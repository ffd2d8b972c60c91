export const ANALYTICS_PROJECTION = 'analytics';

/** Days are counted in the workspace's timezone; this one until the workspace says otherwise (spec §9). */
export const DEFAULT_ANALYTICS_TIMEZONE = 'America/Sao_Paulo';

export const analyticsCollections = {
  config: 'analytics-config',
  day: 'day',
  agentDay: 'agent-day',
  clock: 'conversation-clock',
} as const;

export function dayDocId(workspaceId: string, day: string): string {
  return `${workspaceId}:${day}`;
}

export function agentDayDocId(workspaceId: string, day: string, agentId: string): string {
  return `${workspaceId}:${day}:${agentId}`;
}

export function clockDocId(workspaceId: string, chatId: string): string {
  return `${workspaceId}:${chatId}`;
}

/** The workspace's days with figures, id day, score = Date.UTC of the day. */
export function workspaceDaysIndex(workspaceId: string): string {
  return `ws:${workspaceId}:days`;
}

/** The workspace's agent-days, id `${day}:${agentId}`, score = Date.UTC of the day. */
export function workspaceAgentDaysIndex(workspaceId: string): string {
  return `ws:${workspaceId}:agent-days`;
}

/** 'analytics-config' id workspaceId: this projection's own copy of the workspace timezone. */
export interface AnalyticsConfigDoc {
  workspaceId: string;
  timezone: string;
}

/** Response-time and rating figures shared by days and agent-days. */
export interface AgentFigures {
  outbound: number;
  firstResponses: number;
  firstResponseTotalMs: number;
  responses: number;
  responseTotalMs: number;
  /** Conversations archived. */
  resolved: number;
  ratings: number;
  ratingTotal: number;
}

export type DayFigures = AgentFigures & {
  inbound: number;
  conversationsStarted: number;
};

/** 'day' id `${workspaceId}:${day}` (day = YYYY-MM-DD in the workspace timezone). */
export type DayDoc = { workspaceId: string; day: string } & DayFigures;

/** 'agent-day' id `${workspaceId}:${day}:${agentId}`. */
export type AgentDayDoc = { workspaceId: string; day: string; agentId: string } & AgentFigures;

/** 'conversation-clock' id `${workspaceId}:${chatId}`: what response times are measured from. */
export interface ConversationClockDoc {
  /** ISO time of the first inbound message not answered yet, or null. */
  waitingSince: string | null;
  /** Whether an agent has answered a waiting customer before (later answers are not first responses). */
  answeredOnce: boolean;
  assigneeId: string | null;
}
