import { createEntityAdapter, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Conversation } from '../../api/types';
import { authActions } from '../auth/authSlice';

/** Conversations of the workspace the member sees, kept fresh by the socket (polling while it is down). */
export const conversationsAdapter = createEntityAdapter<Conversation>();

/** The row actions of the list menu and of a click on an unread row. */
export type ConversationAction = 'read' | 'pin' | 'unpin' | 'archive';

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

const initialState = conversationsAdapter.getInitialState({
  /** true until the first list arrived ('Sincronizando...'). */
  loading: true,
  /** A reload (refresh button or polling) is running. */
  refreshing: false,
  error: null as string | null,
  /** The last failed row action's message, cleared by the next action. */
  actionError: null as string | null,
  pending: {} as Record<string, PendingChange>,
});

type ConversationsState = typeof initialState;

const isArchivedRow = (row: Conversation) => row.isArchived || row.status === 'archived';

/** Applies the pending optimistic changes to a row from the server, remembering its values for a rollback. */
function withPending(state: ConversationsState, row: Conversation): Conversation | null {
  const pending = state.pending[row.id];
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
function isOlder(state: ConversationsState, row: Conversation): boolean {
  const kept = state.entities[row.id];
  if (!kept || !kept.updatedAt || !row.updatedAt) return false;
  const keptAt = Date.parse(kept.updatedAt);
  const rowAt = Date.parse(row.updatedAt);
  return Number.isFinite(keptAt) && Number.isFinite(rowAt) && rowAt < keptAt;
}

/** Stores a row from the server; archived rows leave the list. */
function storeRow(state: ConversationsState, row: Conversation) {
  if (isOlder(state, row)) return;
  const shown = withPending(state, row);
  if (!shown || isArchivedRow(shown)) conversationsAdapter.removeOne(state, row.id);
  else conversationsAdapter.setOne(state, shown);
}

function clearPending(state: ConversationsState, id: string, action: ConversationAction) {
  const pending = state.pending[id];
  if (!pending) return;
  if (action === 'read') delete pending.unreadCount;
  else if (action === 'archive') delete pending.archived;
  else delete pending.isPinned;
  if (!pending.unreadCount && !pending.isPinned && !pending.archived) delete state.pending[id];
}

const conversationsSlice = createSlice({
  name: 'conversations',
  initialState,
  reducers: {
    /** Load (or refresh) the list: on start, on the refresh button, and by the polling fallback. */
    conversationsRequested(state) {
      state.error = null;
      state.refreshing = true;
    },
    /** The whole inbox (every page), replacing what was there. */
    conversationsLoaded(state, action: PayloadAction<Conversation[]>) {
      const shown: Conversation[] = [];
      for (const row of action.payload) {
        const kept = state.entities[row.id];
        if (kept && isOlder(state, row)) {
          shown.push(kept);
          continue;
        }
        const next = withPending(state, row);
        if (next && !isArchivedRow(next)) shown.push(next);
      }
      conversationsAdapter.setAll(state, shown);
      state.loading = false;
      state.refreshing = false;
    },
    conversationsFailed(state, action: PayloadAction<string>) {
      state.loading = false;
      state.refreshing = false;
      state.error = action.payload;
    },
    /** A row pushed by the server (socket `conversation:updated`, a new message's row, an action's answer). */
    conversationUpserted(state, action: PayloadAction<Conversation>) {
      storeRow(state, action.payload);
    },
    /** Selecting an unread conversation: its badge goes to 0 at once, then POST /read. */
    conversationReadRequested(state, action: PayloadAction<{ conversationId: string }>) {
      const id = action.payload.conversationId;
      const row = state.entities[id];
      state.actionError = null;
      if (!row) return;
      const pending = (state.pending[id] ??= {});
      pending.unreadCount = { value: 0, rollback: pending.unreadCount?.rollback ?? row.unreadCount };
      row.unreadCount = 0;
    },
    /** Fixar / Desfixar from the row menu. */
    conversationPinRequested(state, action: PayloadAction<{ conversationId: string; pinned: boolean }>) {
      const { conversationId: id, pinned } = action.payload;
      const row = state.entities[id];
      state.actionError = null;
      if (!row) return;
      const pending = (state.pending[id] ??= {});
      pending.isPinned = { value: pinned, rollback: pending.isPinned?.rollback ?? row.isPinned };
      row.isPinned = pinned;
    },
    /** Arquivar from the row menu: the row leaves the list at once. */
    conversationArchiveRequested(state, action: PayloadAction<{ conversationId: string }>) {
      const id = action.payload.conversationId;
      const row = state.entities[id];
      state.actionError = null;
      if (!row) return;
      const pending = (state.pending[id] ??= {});
      pending.archived = { rollback: { ...row } };
      conversationsAdapter.removeOne(state, id);
    },
    /** Socket `conversation:removed`: assigned to someone else, it leaves this agent's list. */
    conversationRemoved(state, action: PayloadAction<{ conversationId: string }>) {
      conversationsAdapter.removeOne(state, action.payload.conversationId);
      delete state.pending[action.payload.conversationId];
    },
    /** The server answered the action with the row after the change. */
    conversationActionSucceeded(
      state,
      action: PayloadAction<{
        conversationId: string;
        action: ConversationAction;
        conversation: Conversation | null;
      }>,
    ) {
      const { conversationId, conversation } = action.payload;
      const pending = state.pending[conversationId];
      const kept = state.entities[conversationId];
      if (conversation && kept && pending && isOlder(state, conversation)) {
        // A newer row arrived while the call was out: its own values (kept as the rollback) win.
        if (action.payload.action === 'read' && pending.unreadCount)
          kept.unreadCount = pending.unreadCount.rollback;
        if ((action.payload.action === 'pin' || action.payload.action === 'unpin') && pending.isPinned) {
          kept.isPinned = pending.isPinned.rollback;
        }
      }
      clearPending(state, conversationId, action.payload.action);
      if (conversation) storeRow(state, conversation);
    },
    /** The action failed: the optimistic change is undone and the server's message kept. */
    conversationActionFailed(
      state,
      action: PayloadAction<{ conversationId: string; action: ConversationAction; error: string }>,
    ) {
      const { conversationId: id, error } = action.payload;
      const pending = state.pending[id];
      state.actionError = error;
      if (!pending) return;
      const row = state.entities[id];
      if (action.payload.action === 'read' && pending.unreadCount) {
        if (row) row.unreadCount = pending.unreadCount.rollback;
      } else if (action.payload.action === 'archive' && pending.archived) {
        const back = pending.archived.rollback;
        if (back) {
          delete pending.archived;
          storeRow(state, back);
        }
      } else if (action.payload.action !== 'archive' && pending.isPinned) {
        if (row) row.isPinned = pending.isPinned.rollback;
      }
      clearPending(state, id, action.payload.action);
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loggedOut, () => initialState);
  },
});

export const conversationsActions = conversationsSlice.actions;
export const conversationsReducer = conversationsSlice.reducer;
