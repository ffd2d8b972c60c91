import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Message } from '../../api/types';

/**
 * A message as the chat window shows it: a stored one, or an optimistic one still identified by
 * the client's message id (`localId`) until the server's stored id arrives.
 */
export interface ChatMessage {
  /** Stable key for rendering: the client's message id for own sends, else the stored id. */
  localId: string;
  /** The stored id; null while an optimistic send is not yet confirmed. */
  id: string | null;
  conversationId: string;
  content: string;
  sender: Message['sender'];
  fromMe: boolean;
  senderName: string;
  timestamp: string;
  type: Message['type'];
  /** 'sending' before the server accepted it; 'failed' shows the red error text and a retry. */
  status: 'sending' | Message['status'];
  mediaUrl: string | null;
  mediaStatus: Message['mediaStatus'];
  error: string | null;
}

export interface ConversationMessages {
  /** Ascending by time, deduplicated by id. */
  items: ChatMessage[];
  loading: boolean;
  error: string | null;
}

const messagesSlice = createSlice({
  name: 'messages',
  initialState: { byConversation: {} as Record<string, ConversationMessages> },
  reducers: {
    /** Load the latest 100 messages of a conversation (when its window opens). */
    messagesRequested(state, action: PayloadAction<{ conversationId: string }>) {
      const entry = (state.byConversation[action.payload.conversationId] ??= {
        items: [],
        loading: true,
        error: null,
      });
      entry.loading = true;
      entry.error = null;
    },
    /** The agent sends text: it appears at once; the saga assigns the client message id. */
    messageSendRequested(_state, _action: PayloadAction<{ conversationId: string; content: string }>) {},
    /** Retry a failed send with the same client message id (the server stores it once). */
    messageRetryRequested(_state, _action: PayloadAction<{ conversationId: string; localId: string }>) {},
  },
});

export const messagesActions = messagesSlice.actions;
export const messagesReducer = messagesSlice.reducer;
