import type { StateCodec } from '../core/decider.js';
import type { ConversationState } from './conversation-state.js';

// A conversation's state as a snapshot: it is plain data (its messages a bounded window of arrays),
// kept as it is. Only ever decoded from what encode wrote (sealed and authenticated by the store),
// so decode does not re-check. Schema 1 held every message in maps: ignored, the stream is folded.

export const conversationSnapshot: StateCodec<ConversationState> = {
  schema: 2,
  encode: (state) => state,
  decode: (json) => json as ConversationState,
};
