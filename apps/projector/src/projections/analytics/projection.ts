import { REMOVED_PLACEHOLDER, type AtendeEvent, type ProjectionTx, type StoredEvent } from '@atende/events';
import { defineProjection } from '../../projection.js';
import { utcIso } from '../conversations/event-helpers.js';
import { dayOf, dayScore } from './days.js';
import {
  ANALYTICS_PROJECTION,
  DEFAULT_ANALYTICS_TIMEZONE,
  RECENT_ACTIVITY_LIMIT,
  analyticsCollections as c,
  agentDayDocId,
  clockDocId,
  dayDocId,
  workspaceAgentDaysIndex,
  workspaceDaysIndex,
  type ActivityDoc,
  type ActivityEntry,
  type AgentDayDoc,
  type AgentFigures,
  type AnalyticsConfigDoc,
  type ConversationClockDoc,
  type DayDoc,
} from './types.js';

/** Amounts to add to figures (all of them, zeros included: fixed-shape objects keep apply cheap). */
interface Increments {
  inbound: number;
  conversationsStarted: number;
  outbound: number;
  firstResponses: number;
  firstResponseTotalMs: number;
  responses: number;
  responseTotalMs: number;
  resolved: number;
  ratings: number;
  ratingTotal: number;
}

function increments(values: Partial<Increments>): Increments {
  return {
    inbound: values.inbound ?? 0,
    conversationsStarted: values.conversationsStarted ?? 0,
    outbound: values.outbound ?? 0,
    firstResponses: values.firstResponses ?? 0,
    firstResponseTotalMs: values.firstResponseTotalMs ?? 0,
    responses: values.responses ?? 0,
    responseTotalMs: values.responseTotalMs ?? 0,
    resolved: values.resolved ?? 0,
    ratings: values.ratings ?? 0,
    ratingTotal: values.ratingTotal ?? 0,
  };
}

function addedAgentFigures(doc: AgentFigures | undefined, inc: Increments): AgentFigures {
  return {
    outbound: (doc?.outbound ?? 0) + inc.outbound,
    firstResponses: (doc?.firstResponses ?? 0) + inc.firstResponses,
    firstResponseTotalMs: (doc?.firstResponseTotalMs ?? 0) + inc.firstResponseTotalMs,
    responses: (doc?.responses ?? 0) + inc.responses,
    responseTotalMs: (doc?.responseTotalMs ?? 0) + inc.responseTotalMs,
    resolved: (doc?.resolved ?? 0) + inc.resolved,
    ratings: (doc?.ratings ?? 0) + inc.ratings,
    ratingTotal: (doc?.ratingTotal ?? 0) + inc.ratingTotal,
  };
}

const newClock: ConversationClockDoc = {
  waitingSince: null,
  answeredOnce: false,
  assigneeId: null,
  customerName: null,
};

/** A day without ratings (shared, never mutated: documents are replaced, not changed). */
const NO_RATINGS: readonly number[] = Object.freeze([0, 0, 0, 0, 0]);

/** The workspace day of an instant (ms), in the workspace's timezone at the time of the event. */
function workspaceDay(tx: ProjectionTx, workspaceId: string, ms: number): string {
  const config = tx.get<AnalyticsConfigDoc>(c.config, workspaceId);
  return dayOf(ms, config?.timezone ?? DEFAULT_ANALYTICS_TIMEZONE);
}

/** `ratingScore` (1–5): the stars of a rating counted in `inc`, for the day's distribution. */
function addToDay(
  tx: ProjectionTx,
  workspaceId: string,
  day: string,
  inc: Increments,
  ratingScore?: number,
): void {
  const id = dayDocId(workspaceId, day);
  const current = tx.get<DayDoc>(c.day, id);
  // Documents written before the distribution existed lack it (a replay fills it in).
  const byScore = (current?.ratingsByScore ?? NO_RATINGS) as number[];
  const doc: DayDoc = {
    workspaceId,
    day,
    inbound: (current?.inbound ?? 0) + inc.inbound,
    conversationsStarted: (current?.conversationsStarted ?? 0) + inc.conversationsStarted,
    ...addedAgentFigures(current, inc),
    ratingsByScore:
      ratingScore === undefined
        ? byScore
        : NO_RATINGS.map((_, i) => (byScore[i] ?? 0) + (i === ratingScore - 1 ? 1 : 0)),
  };
  tx.put(c.day, id, doc);
  if (!current) tx.indexPut(workspaceDaysIndex(workspaceId), day, dayScore(day));
}

function addToAgentDay(
  tx: ProjectionTx,
  workspaceId: string,
  day: string,
  agentId: string,
  inc: Increments,
): void {
  const id = agentDayDocId(workspaceId, day, agentId);
  const current = tx.get<AgentDayDoc>(c.agentDay, id);
  const doc: AgentDayDoc = { workspaceId, day, agentId, ...addedAgentFigures(current, inc) };
  tx.put(c.agentDay, id, doc);
  if (!current) tx.indexPut(workspaceAgentDaysIndex(workspaceId), `${day}:${agentId}`, dayScore(day));
}

/** The chat id of a conversation event, from its stream `conversation-{workspaceId}-{chatId}`. */
function chatIdOf(event: StoredEvent<AtendeEvent>): string | undefined {
  const prefix = `conversation-${event.metadata.workspaceId}-`;
  return event.streamId.startsWith(prefix) && event.streamId.length > prefix.length
    ? event.streamId.slice(prefix.length)
    : undefined;
}

function setAssignee(event: StoredEvent<AtendeEvent>, tx: ProjectionTx, assigneeId: string): void {
  const chatId = chatIdOf(event);
  if (chatId === undefined) return;
  const id = clockDocId(event.metadata.workspaceId, chatId);
  const clock = tx.get<ConversationClockDoc>(c.clock, id) ?? newClock;
  if (clock.assigneeId !== assigneeId)
    tx.put(c.clock, id, { ...clock, assigneeId } satisfies ConversationClockDoc);
}

/** Adds an entry on top of the workspace's recent-activity feed, keeping the latest RECENT_ACTIVITY_LIMIT. */
function addActivity(
  event: StoredEvent<AtendeEvent>,
  tx: ProjectionTx,
  entry: Pick<ActivityEntry, 'kind' | 'chatId' | 'customerName' | 'userId' | 'rating'>,
): void {
  const workspaceId = event.metadata.workspaceId;
  const current = tx.get<ActivityDoc>(c.activity, workspaceId);
  const added: ActivityEntry = {
    position: event.globalPosition,
    kind: entry.kind,
    at: event.metadata.occurredAt,
    chatId: entry.chatId,
    customerName: entry.customerName,
    userId: entry.userId,
    rating: entry.rating,
  };
  const entries = [added, ...(current?.entries ?? [])].slice(0, RECENT_ACTIVITY_LIMIT);
  tx.put(c.activity, workspaceId, { workspaceId, entries } satisfies ActivityDoc);
}

/**
 * LGPD erasure: the customer's name as a rebuild reads it once their key is gone (the placeholder)
 * in the conversation's clock and the activity feed; the figures stay.
 */
function eraseCustomerName(event: StoredEvent<AtendeEvent>, tx: ProjectionTx): void {
  const chatId = chatIdOf(event);
  if (chatId === undefined) return;
  const ws = event.metadata.workspaceId;
  const id = clockDocId(ws, chatId);
  const clock = tx.get<ConversationClockDoc>(c.clock, id);
  if (clock && clock.customerName !== null && clock.customerName !== REMOVED_PLACEHOLDER) {
    tx.put(c.clock, id, { ...clock, customerName: REMOVED_PLACEHOLDER } satisfies ConversationClockDoc);
  }
  const activity = tx.get<ActivityDoc>(c.activity, ws);
  const named = (e: ActivityEntry) =>
    e.chatId === chatId && e.customerName !== null && e.customerName !== REMOVED_PLACEHOLDER;
  if (!activity?.entries.some(named)) return;
  const entries = activity.entries.map((e) => (named(e) ? { ...e, customerName: REMOVED_PLACEHOLDER } : e));
  tx.put(c.activity, ws, { workspaceId: ws, entries } satisfies ActivityDoc);
}

function setTimezone(tx: ProjectionTx, workspaceId: string, timezone: string): void {
  tx.put(c.config, workspaceId, { workspaceId, timezone } satisfies AnalyticsConfigDoc);
}

/**
 * Analytics figures per workspace day and per agent day: messages, conversations started and
 * resolved (archived), (first) response times, ratings and their 1–5 distribution; plus the
 * workspace's recent activity (started, resolved, rated). Days are in the workspace's timezone.
 * Customer names (clock, activity) read as REMOVED_PLACEHOLDER once the customer is erased.
 */
export const analyticsProjection = defineProjection(ANALYTICS_PROJECTION, {
  WorkspaceCreated: (event, tx) => setTimezone(tx, event.data.workspaceId, DEFAULT_ANALYTICS_TIMEZONE),
  WorkspaceSettingsChanged: (event, tx) =>
    setTimezone(tx, event.metadata.workspaceId, event.data.settings.appearance.timezone),

  ConversationStarted: (event, tx) => {
    const ws = event.metadata.workspaceId;
    const day = workspaceDay(tx, ws, Date.parse(event.metadata.occurredAt));
    addToDay(tx, ws, day, increments({ conversationsStarted: 1 }));
    const { chatId, customerName } = event.data;
    const id = clockDocId(ws, chatId);
    const clock = tx.get<ConversationClockDoc>(c.clock, id) ?? newClock;
    tx.put(c.clock, id, { ...clock, customerName } satisfies ConversationClockDoc);
    addActivity(event, tx, {
      kind: 'conversation-started',
      chatId,
      customerName,
      userId: null,
      rating: null,
    });
  },

  InboundMessageReceived: (event, tx) => {
    const ws = event.metadata.workspaceId;
    const at = Date.parse(event.data.timestamp);
    addToDay(tx, ws, workspaceDay(tx, ws, at), increments({ inbound: 1 }));
    const id = clockDocId(ws, event.data.chatId);
    const clock = tx.get<ConversationClockDoc>(c.clock, id) ?? newClock;
    if (clock.waitingSince === null) {
      tx.put(c.clock, id, {
        ...clock,
        waitingSince: utcIso(event.data.timestamp),
      } satisfies ConversationClockDoc);
    }
  },

  OutboundMessageRequested: (event, tx) => {
    const ws = event.metadata.workspaceId;
    const { agentId, chatId } = event.data;
    const at = Date.parse(event.data.timestamp);
    const day = workspaceDay(tx, ws, at);
    const id = clockDocId(ws, chatId);
    const clock = tx.get<ConversationClockDoc>(c.clock, id);
    const inc = increments({ outbound: 1 });
    if (clock && clock.waitingSince !== null) {
      const ms = Math.max(0, at - Date.parse(clock.waitingSince));
      inc.responses = 1;
      inc.responseTotalMs = ms;
      if (!clock.answeredOnce) {
        inc.firstResponses = 1;
        inc.firstResponseTotalMs = ms;
      }
      tx.put(c.clock, id, {
        ...clock,
        waitingSince: null,
        answeredOnce: true,
      } satisfies ConversationClockDoc);
    }
    addToDay(tx, ws, day, inc);
    addToAgentDay(tx, ws, day, agentId, inc);
  },

  ConversationArchived: (event, tx) => {
    const ws = event.metadata.workspaceId;
    const day = workspaceDay(tx, ws, Date.parse(event.metadata.occurredAt));
    const inc = increments({ resolved: 1 });
    addToDay(tx, ws, day, inc);
    addToAgentDay(tx, ws, day, event.data.byUserId, inc);
    const chatId = chatIdOf(event);
    if (chatId === undefined) return;
    const clock = tx.get<ConversationClockDoc>(c.clock, clockDocId(ws, chatId));
    addActivity(event, tx, {
      kind: 'conversation-resolved',
      chatId,
      customerName: clock?.customerName ?? null,
      userId: event.data.byUserId,
      rating: null,
    });
  },

  ConversationRated: (event, tx) => {
    const ws = event.metadata.workspaceId;
    const day = workspaceDay(tx, ws, Date.parse(event.metadata.occurredAt));
    const { rating } = event.data;
    const inc = increments({ ratings: 1, ratingTotal: rating });
    addToDay(tx, ws, day, inc, rating);
    const chatId = chatIdOf(event);
    const clock =
      chatId === undefined ? undefined : tx.get<ConversationClockDoc>(c.clock, clockDocId(ws, chatId));
    const agentId = clock?.assigneeId ?? event.data.byUserId;
    addToAgentDay(tx, ws, day, agentId, inc);
    if (chatId === undefined) return;
    addActivity(event, tx, {
      kind: 'conversation-rated',
      chatId,
      customerName: clock?.customerName ?? null,
      userId: agentId,
      rating,
    });
  },

  ContactDataErased: eraseCustomerName,
  ConversationAssigned: (event, tx) => setAssignee(event, tx, event.data.assigneeId),
  ConversationTransferred: (event, tx) => setAssignee(event, tx, event.data.toAssigneeId),
});
