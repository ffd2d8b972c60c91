import type { IndexEntry, ProjectionView } from '@atende/events';
import {
  CONVERSATION_COLLECTION,
  EMPTY_WORKSPACE_STATS,
  WORKSPACE_STATS_COLLECTION,
  conversationIndexes,
  conversationKey,
  type ConversationRow,
  type WorkspaceStats,
} from './conversation-row.js';

export const DEFAULT_CONVERSATIONS_LIMIT = 100;
export const MAX_CONVERSATIONS_LIMIT = 500;

/** Which conversations a user sees: all of the workspace, or an agent's own plus unassigned ones. */
export type ConversationScope = { kind: 'all' } | { kind: 'agent'; userId: string };

export interface ListConversationsOptions {
  scope: ConversationScope;
  /** The archived list instead of the inbox. Default false. */
  archived?: boolean;
  /** Default 100, at most 500. */
  limit?: number;
  /** Cursor: only conversations with a score (last message time in ms) below it. */
  before?: number;
}

export interface ConversationPage {
  /** Newest first. */
  conversations: ConversationRow[];
  /** `before` for the next page; null when there is none. */
  nextCursor: number | null;
}

/** A page size within 1..max, `fallback` when missing or not a number. */
export function pageLimit(limit: number | undefined, fallback: number, max: number): number {
  if (limit === undefined || !Number.isFinite(limit)) return fallback;
  return Math.min(max, Math.max(1, Math.floor(limit)));
}

function newestFirst(a: IndexEntry, b: IndexEntry): number {
  if (a.score !== b.score) return b.score - a.score;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

function sourcesOf(workspaceId: string, scope: ConversationScope, archived: boolean): string[] {
  const i = conversationIndexes;
  if (scope.kind === 'all') return [archived ? i.archived(workspaceId) : i.all(workspaceId)];
  return archived
    ? [i.archivedAssignee(workspaceId, scope.userId), i.archivedUnassigned(workspaceId)]
    : [i.assignee(workspaceId, scope.userId), i.unassigned(workspaceId)];
}

async function rangeAll(
  view: ProjectionView,
  sources: readonly string[],
  query: Parameters<ProjectionView['range']>[1],
): Promise<IndexEntry[]> {
  const lists = await Promise.all(sources.map((source) => view.range(source, query)));
  return lists.length === 1 ? lists[0]! : lists.flat().sort(newestFirst);
}

/**
 * Up to `limit` entries below `before` from the merged sources, newest first. The cursor is a score,
 * so a page never ends inside a group of equal scores: it stops before the group, or (when the group
 * alone fills the page) returns the whole group.
 */
async function newestEntries(
  view: ProjectionView,
  sources: readonly string[],
  limit: number,
  before: number | undefined,
): Promise<{ entries: IndexEntry[]; hasMore: boolean }> {
  const below = before === undefined ? {} : { max: before, maxExclusive: true };
  const merged = await rangeAll(view, sources, { reverse: true, ...below, limit: limit + 1 });
  if (merged.length <= limit) return { entries: merged, hasMore: false };
  const edge = merged[limit - 1]!.score;
  if (merged[limit]!.score !== edge) return { entries: merged.slice(0, limit), hasMore: true };
  let end = limit - 1;
  while (end > 0 && merged[end - 1]!.score === edge) end -= 1;
  if (end > 0) return { entries: merged.slice(0, end), hasMore: true };
  const group = await rangeAll(view, sources, { reverse: true, min: edge, max: edge });
  const older = await Promise.all(sources.map((s) => view.count(s, { max: edge, maxExclusive: true })));
  return { entries: group, hasMore: older.some((n) => n > 0) };
}

/**
 * The inbox list, newest first (by last message time, or creation time before any message).
 * The agent scope merges the agent's conversations with the unassigned ones. Defaults: not archived,
 * limit 100 (max 500), from the newest.
 */
export async function listConversations(
  view: ProjectionView,
  workspaceId: string,
  options: ListConversationsOptions,
): Promise<ConversationPage> {
  const limit = pageLimit(options.limit, DEFAULT_CONVERSATIONS_LIMIT, MAX_CONVERSATIONS_LIMIT);
  const sources = sourcesOf(workspaceId, options.scope, options.archived ?? false);
  const { entries, hasMore } = await newestEntries(view, sources, limit, options.before);
  if (entries.length === 0) return { conversations: [], nextCursor: null };
  const rows = await view.getMany<ConversationRow>(
    CONVERSATION_COLLECTION,
    entries.map((e) => e.id),
  );
  return {
    conversations: rows.filter((row): row is ConversationRow => row !== undefined),
    nextCursor: hasMore ? entries[entries.length - 1]!.score : null,
  };
}

/** One conversation row, null when unknown. */
export async function getConversation(
  view: ProjectionView,
  workspaceId: string,
  chatId: string,
): Promise<ConversationRow | null> {
  return (
    (await view.get<ConversationRow>(CONVERSATION_COLLECTION, conversationKey(workspaceId, chatId))) ?? null
  );
}

/** The workspace's counters; zeros when it has no conversation yet. */
export async function getWorkspaceStats(view: ProjectionView, workspaceId: string): Promise<WorkspaceStats> {
  const stats = await view.get<WorkspaceStats>(WORKSPACE_STATS_COLLECTION, workspaceId);
  return stats ?? { ...EMPTY_WORKSPACE_STATS, channels: [] };
}
