import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/store';
import type { ChatMessage, ConversationMessages } from './messagesSlice';

const NO_MESSAGES: ChatMessage[] = [];

const selectEntry = (state: RootState, conversationId: string): ConversationMessages | undefined =>
  state.messages.byConversation[conversationId];

/** The conversation's messages, ascending (the same array until they change). */
export const selectConversationMessages = (state: RootState, conversationId: string): ChatMessage[] =>
  selectEntry(state, conversationId)?.items ?? NO_MESSAGES;

/** Whether the conversation's messages are loading, and the load error ('Erro ao carregar mensagens'). */
export const selectMessagesState = createSelector(
  [
    (state: RootState, conversationId: string) => selectEntry(state, conversationId)?.loading ?? false,
    (state: RootState, conversationId: string) => selectEntry(state, conversationId)?.error ?? null,
  ],
  (loading, error): { loading: boolean; error: string | null } => ({ loading, error }),
);

/** One message by its render key (localId). */
export const selectChatMessage = (
  state: RootState,
  conversationId: string,
  localId: string,
): ChatMessage | undefined => selectEntry(state, conversationId)?.items.find((m) => m.localId === localId);
