import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import { conversationsAdapter } from './conversationsSlice';

const adapterSelectors = conversationsAdapter.getSelectors((state: RootState) => state.conversations);

/** The inbox (archived conversations are not kept). */
export const selectConversations = adapterSelectors.selectAll;
export const selectConversationById = adapterSelectors.selectById;
/** true until the first list arrived. */
export const selectConversationsLoading = (state: RootState) => state.conversations.loading;
export const selectConversationsRefreshing = (state: RootState) => state.conversations.refreshing;
export const selectConversationsError = (state: RootState) => state.conversations.error;
export const selectConversationActionError = (state: RootState) => state.conversations.actionError;

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
