import type { ChatMessage } from '../messages/messages-endpoints';
import { messagesActions } from '../messages/messages-endpoints';

/*
 * Everything the chat windows read from (or ask of) the messages feature, in one place: the
 * windows import these names from here only.
 */
export {
  mediaPlaceholder,
  selectConversationMessages,
  selectMessagesState,
} from '../messages/messages-endpoints';

/** The window shows the conversation (open and not minimized): its incoming messages count as read (spec §4). */
export const conversationViewed = messagesActions.conversationViewed;

/** An incoming message the agent has not seen yet. */
export const isUnreadIncoming = (message: ChatMessage): boolean =>
  !message.fromMe && message.status !== 'read' && message.status !== 'failed';
