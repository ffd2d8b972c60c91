export const ANALYTICS_PROJECTION = 'analytics';

/** Days are counted in the workspace's timezone; this one until the workspace says otherwise (spec §9). */
export const DEFAULT_ANALYTICS_TIMEZONE = 'America/Sao_Paulo';

export const analyticsCollections = {
  config: 'analytics-config',
  day: 'day',
  agentDay: 'agent-day',
  clock: 'conversation-clock',
  activity: 'activity',
} as const;

/** How many entries the recent-activity feed of a workspace keeps. */
export const RECENT_ACTIVITY_LIMIT = 20;

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
  /**
   * Ratings given with 1, 2, 3, 4 and 5 stars (index 0 = 1 star). Added after the first release:
   * documents written before it lack the field until `npm run replay -- --projection analytics`.
   */
  ratingsByScore: number[];
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
  /** The customer's name when the conversation started (for the activity feed); null when unknown. */
  customerName: string | null;
}

export type ActivityKind = 'conversation-started' | 'conversation-resolved' | 'conversation-rated';

/** One line of the recent-activity feed. */
export interface ActivityEntry {
  /** Global position of the event: unique, and higher is newer. */
  position: number;
  kind: ActivityKind;
  /** ISO time the event happened. */
  at: string;
  chatId: string;
  customerName: string | null;
  /** The member who resolved, or the one a rating is credited to; null for a started conversation. */
  userId: string | null;
  /** 1–5 for a rating, else null. */
  rating: number | null;
}

/** 'activity' id workspaceId: the latest RECENT_ACTIVITY_LIMIT entries, newest first. */
export interface ActivityDoc {
  workspaceId: string;
  entries: ActivityEntry[];
}
