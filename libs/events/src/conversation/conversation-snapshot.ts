import { Map as ImmutableMap } from 'immutable';
import type { StateCodec } from '../core/decider.js';
import type { ActiveConversation, ConversationMessage, ConversationState } from './conversation-state.js';

// A conversation's state as a snapshot: its maps as entry lists, everything else as it is. Only ever
// decoded from what encode wrote (sealed and authenticated by the store), so decode does not re-check.

interface EncodedConversation extends Omit<ActiveConversation, 'messages' | 'providerToMessageId'> {
  messages: [string, ConversationMessage][];
  providerToMessageId: [string, string][];
}

export const conversationSnapshot: StateCodec<ConversationState> = {
  schema: 1,
  encode: (state) =>
    state.status === 'none'
      ? state
      : {
          ...state,
          messages: [...state.messages],
          providerToMessageId: [...state.providerToMessageId],
        },
  decode: (json) => {
    const state = json as { status: 'none' } | EncodedConversation;
    if (state.status === 'none') return { status: 'none' };
    return {
      ...state,
      messages: ImmutableMap(state.messages),
      providerToMessageId: ImmutableMap(state.providerToMessageId),
    };
  },
};
