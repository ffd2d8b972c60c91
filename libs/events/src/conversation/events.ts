import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import type { SealedFieldsSpec } from '../core/sealed-fields.js';
import { planNames } from '../workspace/plan.js';
import {
  INBOUND_CONTENT_MAX,
  MEDIA_URL_MAX,
  OUTBOUND_CONTENT_MAX,
  chatTypeOf,
  chatTypes,
  mediaStatuses,
  messageTypes,
} from './messages.js';

const id = z.string().min(1).max(256);
const chatId = z.string().min(1).max(256);
const userId = z.string().min(1);
const timestamp = z.string().datetime({ offset: true });
const messageType = z.enum(messageTypes);
const mediaUrl = z.string().min(1).max(MEDIA_URL_MAX);
const errorText = z.string().min(1).max(2000);

/** A customer's personal data: sealed with the contact's key (erased with it, LGPD art. 18). */
const contactData = (fields: string[], removed?: Record<string, unknown>): SealedFieldsSpec => ({
  subject: 'contact',
  fields,
  ...(removed ? { removed } : {}),
});

/** Version 2 added `type`; version-1 events get it from the chat id. */
export const ConversationStarted = defineEvent(
  'ConversationStarted',
  z.object({
    chatId,
    sessionId: id,
    channel: z.literal('whatsapp'),
    customerId: z.string().regex(/^\d{1,64}$/),
    customerName: z.string().min(1).max(200),
    type: z.enum(chatTypes),
    /** Where replies go (the WhatsApp id, which holds the phone number), when chatId is its pseudonym. */
    address: chatId.optional(),
  }),
  {
    version: 2,
    upcasters: { 1: (data) => ({ ...data, type: chatTypeOf(String(data.chatId)) }) },
    sealed: contactData(['customerName', 'customerId', 'address']),
  },
);

export const InboundMessageReceived = defineEvent(
  'InboundMessageReceived',
  z.object({
    messageId: id,
    chatId,
    sessionId: id,
    providerMessageId: id,
    content: z.string().max(INBOUND_CONTENT_MAX),
    type: messageType,
    mediaUrl: mediaUrl.nullable(),
    mediaStatus: z.enum(mediaStatuses),
    senderName: z.string().min(1).max(200),
    senderPhone: z.string().max(64),
    timestamp,
  }),
  {
    idempotencyKey: (d) => `inbound:${d.sessionId}:${d.providerMessageId}`,
    sealed: contactData(['content', 'mediaUrl', 'senderName', 'senderPhone'], { mediaUrl: null }),
  },
);

export const OutboundMessageRequested = defineEvent(
  'OutboundMessageRequested',
  z.object({
    messageId: id,
    chatId,
    sessionId: id,
    agentId: userId,
    /** The text, or a media's caption ('' for none). */
    content: z.string().max(OUTBOUND_CONTENT_MAX),
    type: messageType,
    timestamp,
    /** A file the agent attached: kept in the media store, served (and sent) from this URL. */
    mediaUrl: mediaUrl.optional(),
    mimeType: z.string().min(1).max(255).optional(),
    fileName: z.string().min(1).max(255).optional(),
    mediaSize: z.number().int().min(1).optional(),
    mediaSha256: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .optional(),
  }),
  {
    idempotencyKey: (d) => `outbound:${d.messageId}`,
    // Erased, a text stays a text: the media fields read as absent, not as the placeholder.
    sealed: contactData(['content', 'mediaUrl', 'fileName', 'mediaSha256'], {
      mediaUrl: undefined,
      fileName: undefined,
      mediaSha256: undefined,
    }),
  },
);

/**
 * A channel worker is about to hand the message to the provider (before each first attempt): a
 * retry that finds it with no OutboundMessageSent/Failed after it asks the chat whether the message
 * is already there instead of sending it again (see StartOutboundSend). Ids and a time only.
 */
export const OutboundSendStarted = defineEvent(
  'OutboundSendStarted',
  z.object({ messageId: id, startedAt: timestamp }),
  { idempotencyKey: (d) => `send-started:${d.messageId}` },
);

export const OutboundMessageSent = defineEvent(
  'OutboundMessageSent',
  z.object({ messageId: id, providerMessageId: id }),
  { idempotencyKey: (d) => `sent:${d.messageId}` },
);

export const MessageDeliveryUpdated = defineEvent(
  'MessageDeliveryUpdated',
  z.object({ messageId: id, status: z.enum(['delivered', 'read']) }),
  { idempotencyKey: (d) => `ack:${d.messageId}:${d.status}` },
);

export const OutboundMessageFailed = defineEvent(
  'OutboundMessageFailed',
  z.object({ messageId: id, error: errorText }),
  { idempotencyKey: (d) => `failed:${d.messageId}` },
);

export const MessageMediaStored = defineEvent('MessageMediaStored', z.object({ messageId: id, mediaUrl }), {
  idempotencyKey: (d) => `media-stored:${d.messageId}`,
  sealed: contactData(['mediaUrl']),
});

/** Version 2 added `attempt` (0: the first download; n: after the n-th retry). */
export const MessageMediaFailed = defineEvent(
  'MessageMediaFailed',
  z.object({ messageId: id, error: errorText, attempt: z.number().int().min(0) }),
  {
    version: 2,
    upcasters: { 1: (data) => ({ ...data, attempt: 0 }) },
    idempotencyKey: (d) => `media-failed:${d.messageId}:${d.attempt}`,
  },
);

/** An agent asked to download an inbound message's media again (after a failure, or stuck pending). */
export const MessageMediaRetryRequested = defineEvent(
  'MessageMediaRetryRequested',
  z.object({
    messageId: id,
    sessionId: id,
    providerMessageId: id,
    attempt: z.number().int().min(1),
    byUserId: userId,
  }),
  { idempotencyKey: (d) => `media-retry:${d.messageId}:${d.attempt}` },
);

export const ConversationRead = defineEvent(
  'ConversationRead',
  z.object({ readerId: userId, upToMessageId: id.nullable(), count: z.number().int().min(1) }),
);

export const ConversationPinned = defineEvent('ConversationPinned', z.object({}));
export const ConversationUnpinned = defineEvent('ConversationUnpinned', z.object({}));
export const ConversationArchived = defineEvent('ConversationArchived', z.object({ byUserId: userId }));
export const ConversationUnarchived = defineEvent('ConversationUnarchived', z.object({}));
export const ConversationAssigned = defineEvent(
  'ConversationAssigned',
  z.object({ assigneeId: userId, byUserId: userId }),
);
export const ConversationTransferred = defineEvent(
  'ConversationTransferred',
  z.object({ fromAssigneeId: userId.nullable(), toAssigneeId: userId, byUserId: userId }),
);
export const ConversationRated = defineEvent(
  'ConversationRated',
  z.object({ rating: z.number().int().min(1).max(5), byUserId: userId }),
);

/**
 * The conversation started beyond the workspace's monthly limit (plan.ts): it is stored and shown, but
 * answering it waits for a plan that allows as many conversations (or for the next month).
 */
export const ConversationOverPlanLimit = defineEvent(
  'ConversationOverPlanLimit',
  z.object({
    month: z.string().regex(/^\d{4}-\d{2}$/),
    plan: z.enum(planNames),
    limit: z.number().int().nonnegative(),
  }),
);

/**
 * LGPD art. 18 erasure of the customer (POST /api/contacts/:id/erase): their key was destroyed, so
 * every personal field of this stream reads as '[dado removido]'; read models drop what they kept.
 * A later message from the same phone starts the conversation afresh, with a new key.
 */
export const ContactDataErased = defineEvent('ContactDataErased', z.object({ byUserId: userId }));

/** LGPD art. 18: an Owner or Admin exported everything kept about the customer (an audit record). */
export const ContactDataExported = defineEvent('ContactDataExported', z.object({ byUserId: userId }));

export const conversationEventDefinitions = [
  ConversationStarted,
  ConversationOverPlanLimit,
  InboundMessageReceived,
  OutboundMessageRequested,
  OutboundSendStarted,
  OutboundMessageSent,
  MessageDeliveryUpdated,
  OutboundMessageFailed,
  MessageMediaStored,
  MessageMediaFailed,
  MessageMediaRetryRequested,
  ConversationRead,
  ConversationPinned,
  ConversationUnpinned,
  ConversationArchived,
  ConversationUnarchived,
  ConversationAssigned,
  ConversationTransferred,
  ConversationRated,
  ContactDataErased,
  ContactDataExported,
] as const;

export type ConversationEvent =
  | EventOf<typeof ConversationStarted>
  | EventOf<typeof ConversationOverPlanLimit>
  | EventOf<typeof InboundMessageReceived>
  | EventOf<typeof OutboundMessageRequested>
  | EventOf<typeof OutboundSendStarted>
  | EventOf<typeof OutboundMessageSent>
  | EventOf<typeof MessageDeliveryUpdated>
  | EventOf<typeof OutboundMessageFailed>
  | EventOf<typeof MessageMediaStored>
  | EventOf<typeof MessageMediaFailed>
  | EventOf<typeof MessageMediaRetryRequested>
  | EventOf<typeof ConversationRead>
  | EventOf<typeof ConversationPinned>
  | EventOf<typeof ConversationUnpinned>
  | EventOf<typeof ConversationArchived>
  | EventOf<typeof ConversationUnarchived>
  | EventOf<typeof ConversationAssigned>
  | EventOf<typeof ConversationTransferred>
  | EventOf<typeof ConversationRated>
  | EventOf<typeof ContactDataErased>
  | EventOf<typeof ContactDataExported>;
