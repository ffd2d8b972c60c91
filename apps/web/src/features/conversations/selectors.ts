import { createSelector } from '@reduxjs/toolkit';
import type { Conversation } from '../../api/types';
import type { RootState } from '../../app/store';
import { selectInbox, selectInboxQuery } from './conversations-endpoints';

const NO_ROWS: Conversation[] = [];

/** The inbox (archived conversations are not kept), from the server-state cache. */
export const selectConversations = createSelector([selectInbox], (list): Conversation[] =>
  list ? list.ids.map((id) => list.entities[id]!) : NO_ROWS,
);
export const selectConversationById = (state: RootState, id: string): Conversation | undefined =>
  selectInbox(state)?.entities[id];
/** true until the first list arrived (or failed to). */
export const selectConversationsLoading = (state: RootState) => {
  const query = selectInboxQuery(state);
  return query?.data?.loaded !== true && query?.error === undefined;
};
/** A load (first, refresh button or polling) is running. */
export const selectConversationsRefreshing = (state: RootState) =>
  selectInboxQuery(state)?.isLoading === true;
/** The last load's error, until the next load starts. */
export const selectConversationsError = (state: RootState): string | null => {
  const query = selectInboxQuery(state);
  return query?.isError
    ? (query.error as { message?: string } | undefined)?.message || 'Erro de conexão'
    : null;
};

/** The last failed row action's message (its change undone), cleared by the next action. */
export const selectConversationActionError = (state: RootState): string | null =>
  selectInbox(state)?.actionError ?? null;

export interface OverviewStats {
  total: number;
  active: number;
  unread: number;
  channels: number;
}

/** The overview's four stat cards, computed from the live list (spec §2). */
export const selectOverviewStats = createSelector([selectConversations], (conversations): OverviewStats => {
  let active = 0;
  let unread = 0;
  const channels = new Set<string>();
  for (const conversation of conversations) {
    if (conversation.status === 'active') active += 1;
    unread += conversation.unreadCount > 0 ? conversation.unreadCount : 0;
    channels.add(conversation.channel ?? conversation.platform ?? 'whatsapp');
  }
  return { total: conversations.length, active, unread, channels: channels.size };
});
