import { ChannelSendError } from '@atende/events';

/** What whatsapp-web.js / WhatsApp Web say when the recipient can never receive the message. */
const PERMANENT =
  /invalid wid|wid error|not registered|not on whatsapp|isn't on whatsapp|invalid (phone|number|chat ?id)|no lid for user/i;

/** Chat ids a message can be sent to: a person, a group or a privacy id. */
const CHAT_ID = /^[^\s@]+@(c\.us|g\.us|lid)$/;

export function isSendableChatId(chatId: string): boolean {
  return CHAT_ID.test(chatId);
}

/** A send failure as the port's error: permanent for a bad / unregistered number, else transient. */
export function toChannelSendError(error: unknown): ChannelSendError {
  if (error instanceof ChannelSendError) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ChannelSendError(`WhatsApp send failed: ${message}`, PERMANENT.test(message));
}
