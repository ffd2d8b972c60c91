import type { Conversation, ServerToClientEvents } from '@atende/api-contract';

/*
 * What the gateway pushes: the contract's payloads (libs/api-contract), the conversation and the
 * message in them being the REST views field for field. Every change carries its global `position`.
 * Types only: the client bundle carries no zod.
 */
export type {
  AckError,
  ChannelPayload,
  ConversationUpdatedPayload,
  JoinAck,
  MessageStatusPayload,
  NewMessagePayload,
  ResyncPayload,
} from '@atende/api-contract';

/** The server events the client listens to (names checked against the contract's). */
export const SERVER_EVENTS = [
  'whatsapp:newMessage',
  'message:updated',
  'message:status',
  'conversation:updated',
  'conversation:removed',
  'whatsapp:connected',
  'whatsapp:disconnected',
  'resync',
] as const satisfies readonly (keyof ServerToClientEvents)[];

export type ServerEventName = (typeof SERVER_EVENTS)[number];

/**
 * The conversation a push or an action's answer carries (the REST view), or null when there is none
 * to apply: a payload is checked only for its id, the rest is the contract's.
 */
export function pushedConversation(value: unknown): Conversation | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id } = value as { id?: unknown };
  return typeof id === 'string' && id.length > 0 ? (value as Conversation) : null;
}
