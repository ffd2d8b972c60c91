import { createEntityAdapter, createNextState, type EntityState } from '@reduxjs/toolkit';
import type { Conversation } from '../../api/types';

/*
 * The inbox as the server-state cache keeps it (getConversations' data): the rows by id, plus the
 * optimistic changes still waiting for the server's answer. Plain functions over an (immer) draft:
 * the query's merge, the socket's pushes and the row actions' optimistic updates all use them.
 */

export const conversationsAdapter = createEntityAdapter<Conversation>();

/** A row command of the list (menu or click) or of the chat's side panel. */
export type ConversationAction = 'read' | 'pin' | 'unpin' | 'archive' | 'rate' | 'transfer';

/**
 * Optimistic changes still waiting for the server's answer. While one is pending, rows arriving from
 * a poll or the socket keep the optimistic value (no flicker); the value they carried is kept as the
 * one to restore if the call fails.
 */
export interface PendingChange {
  unreadCount?: { value: number; rollback: number };
  isPinned?: { value: boolean; rollback: boolean };
  /** Archived optimistically: the row as last known, put back if the call fails. */
  archived?: { rollback: Conversation | null };
}

export interface ConversationsList extends EntityState<Conversation, string> {
  pending: Record<string, PendingChange>;
  /** false until the first list arrived ('Sincronizando...'); rows pushed meanwhile are kept. */
  loaded: boolean;
  /** The last failed row action's message (the list's read, pin/unpin, archive), cleared by the next. */
  actionError: string | null;
  /**
   * While a load is out: the rows pushed in and pushed out since it was asked for. Its answer may be
   * older than those pushes (a customer's first message, a conversation assigned elsewhere), so it
   * neither drops the first nor brings back the second.
   */
  sinceLoad: { joined: Record<string, true>; left: Record<string, true> } | null;
}

export const emptyConversationsList = (): ConversationsList =>
  conversationsAdapter.getInitialState({
    pending: {} as Record<string, PendingChange>,
    loaded: false,
    actionError: null as string | null,
    sinceLoad: null as ConversationsList['sinceLoad'],
  });

/** A load was asked for: pushes from now on are newer than its answer may be. */
export function loadStarted(list: ConversationsList): void {
  list.sinceLoad = { joined: {}, left: {} };
}

const isArchivedRow = (row: Conversation) => row.isArchived || row.status === 'archived';

/** Applies the pending optimistic changes to a row from the server, remembering its values for a rollback. */
function withPending(list: ConversationsList, row: Conversation): Conversation | null {
  const pending = list.pending[row.id];
  if (!pending) return row;
  let result = row;
  if (pending.unreadCount) {
    pending.unreadCount.rollback = row.unreadCount;
    result = { ...result, unreadCount: pending.unreadCount.value };
  }
  if (pending.isPinned) {
    pending.isPinned.rollback = row.isPinned;
    result = { ...result, isPinned: pending.isPinned.value };
  }
  if (pending.archived) {
    if (!isArchivedRow(row)) pending.archived.rollback = row;
    return null;
  }
  return result;
}

/** A row older than the one kept (a slow load answering after a socket push) does not replace it. */
function isOlder(list: ConversationsList, row: Conversation): boolean {
  const kept = list.entities[row.id];
  if (!kept || !kept.updatedAt || !row.updatedAt) return false;
  const keptAt = Date.parse(kept.updatedAt);
  const rowAt = Date.parse(row.updatedAt);
  return Number.isFinite(keptAt) && Number.isFinite(rowAt) && rowAt < keptAt;
}

/** Stores a row from the server (pushed, or an action's answer); archived rows leave the list. */
export function storeRow(list: ConversationsList, row: Conversation): void {
  if (isOlder(list, row)) return;
  const shown = withPending(list, row);
  if (!shown || isArchivedRow(shown)) {
    conversationsAdapter.removeOne(list, row.id);
    noteSinceLoad(list, row.id, 'left');
  } else {
    conversationsAdapter.setOne(list, shown);
    noteSinceLoad(list, row.id, 'joined');
  }
}

function noteSinceLoad(list: ConversationsList, id: string, how: 'joined' | 'left'): void {
  if (!list.sinceLoad) return;
  delete list.sinceLoad[how === 'joined' ? 'left' : 'joined'][id];
  list.sinceLoad[how][id] = true;
}

/** The whole inbox (every page) from a load, replacing what was there (the query's merge). */
export function replaceRows(list: ConversationsList, rows: readonly Conversation[]): void {
  const shown: Conversation[] = [];
  const left = list.sinceLoad?.left ?? {};
  const loaded = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    if (left[row.id]) continue; // pushed out after the load was asked for
    const kept = list.entities[row.id];
    if (kept && isOlder(list, row)) {
      shown.push(kept);
      continue;
    }
    const next = withPending(list, row);
    if (next && !isArchivedRow(next)) shown.push(next);
  }
  // Pushed in after the load was asked for, and not in its answer: newer than it.
  for (const id of Object.keys(list.sinceLoad?.joined ?? {})) {
    const kept = list.entities[id];
    if (kept && !loaded.has(id)) shown.push(kept);
  }
  conversationsAdapter.setAll(list, shown);
  list.loaded = true;
  list.sinceLoad = null;
}

/** A fresh list from a first load. */
export function listOf(rows: readonly Conversation[]): ConversationsList {
  // The adapter changes a draft in place (a plain object would be copied): one of its own.
  return createNextState(emptyConversationsList(), (list) => replaceRows(list, rows));
}

/** Socket `conversation:removed`: assigned to someone else, it leaves this agent's list. */
export function removeRow(list: ConversationsList, id: string): void {
  conversationsAdapter.removeOne(list, id);
  delete list.pending[id];
  noteSinceLoad(list, id, 'left');
}

/** The optimistic change of an action, at once (read: the badge goes to 0; archive: the row leaves). */
export function applyRequested(
  list: ConversationsList,
  id: string,
  action: ConversationAction,
  value?: { rating?: number; assigneeId?: string },
): void {
  if (isListAction(action)) list.actionError = null;
  const row = list.entities[id];
  if (!row) return;
  if (action === 'rate') {
    row.rating = value?.rating ?? row.rating;
    return;
  }
  if (action === 'transfer') {
    row.assigneeId = value?.assigneeId ?? row.assigneeId;
    return;
  }
  const pending = (list.pending[id] ??= {});
  if (action === 'read') {
    pending.unreadCount = { value: 0, rollback: pending.unreadCount?.rollback ?? row.unreadCount };
    row.unreadCount = 0;
  } else if (action === 'archive') {
    pending.archived = { rollback: { ...row } };
    conversationsAdapter.removeOne(list, id);
  } else {
    const pinned = action === 'pin';
    pending.isPinned = { value: pinned, rollback: pending.isPinned?.rollback ?? row.isPinned };
    row.isPinned = pinned;
  }
}

/** The list's own row actions (the side panel's show their outcome in the panel). */
export const isListAction = (action: ConversationAction): boolean =>
  action === 'read' || action === 'pin' || action === 'unpin' || action === 'archive';

function clearPending(list: ConversationsList, id: string, action: ConversationAction) {
  const pending = list.pending[id];
  if (!pending) return;
  if (action === 'read') delete pending.unreadCount;
  else if (action === 'archive') delete pending.archived;
  else if (action === 'pin' || action === 'unpin') delete pending.isPinned;
  if (!pending.unreadCount && !pending.isPinned && !pending.archived) delete list.pending[id];
}

/** The server answered the action with the row after the change. */
export function applySucceeded(
  list: ConversationsList,
  id: string,
  action: ConversationAction,
  conversation: Conversation | null,
): void {
  const pending = list.pending[id];
  const kept = list.entities[id];
  if (conversation && kept && pending && isOlder(list, conversation)) {
    // A newer row arrived while the call was out: its own values (kept as the rollback) win.
    if (action === 'read' && pending.unreadCount) kept.unreadCount = pending.unreadCount.rollback;
    if ((action === 'pin' || action === 'unpin') && pending.isPinned)
      kept.isPinned = pending.isPinned.rollback;
  }
  clearPending(list, id, action);
  if (conversation) storeRow(list, conversation);
}

/** What an action's failure restores: the optimistic change as it is now (pushes refresh its rollback). */
export const pendingOf = (list: ConversationsList | undefined, id: string): PendingChange | undefined => {
  const pending = list?.pending[id];
  return pending
    ? {
        ...(pending.unreadCount ? { unreadCount: { ...pending.unreadCount } } : {}),
        ...(pending.isPinned ? { isPinned: { ...pending.isPinned } } : {}),
        ...(pending.archived ? { archived: { ...pending.archived } } : {}),
      }
    : undefined;
};

/**
 * After `patch.undo()` of a failed action: the value the server last sent while the call was out
 * (a poll or a push, kept as the rollback) wins over the one from before the click; the pending
 * change is gone.
 */
export function applyFailed(
  list: ConversationsList,
  id: string,
  action: ConversationAction,
  was: PendingChange | undefined,
): void {
  reconcileIds(list);
  const row = list.entities[id];
  if (action === 'read' && was?.unreadCount) {
    if (row) row.unreadCount = was.unreadCount.rollback;
  } else if (action === 'archive' && was?.archived) {
    const back = was.archived.rollback;
    if (list.pending[id]) delete list.pending[id]!.archived;
    if (back) storeRow(list, back);
  } else if ((action === 'pin' || action === 'unpin') && was?.isPinned) {
    if (row) row.isPinned = was.isPinned.rollback;
  }
  clearPending(list, id, action);
}

/**
 * The ids of the rows there are, each once: an undo puts back the list's `ids` as they were before
 * the click, while rows may have come (a push) or gone (conversation:removed) since.
 */
function reconcileIds(list: ConversationsList): void {
  const seen = new Set<string>();
  const ids = list.ids.filter((id) => {
    if (seen.has(id) || !list.entities[id]) return false;
    seen.add(id);
    return true;
  });
  for (const id of Object.keys(list.entities)) if (!seen.has(id)) ids.push(id);
  if (ids.length !== list.ids.length || ids.some((id, i) => id !== list.ids[i])) list.ids = ids;
}
