import type { ConversationAllowance } from '../workspace/plan.js';
import type { ChatType, DeliveryStatus } from './messages.js';
import type { OutboundMedia } from './outbound-media.js';

export type ConversationCommand =
  | {
      /** A customer's message from the provider (stream `conversation-{workspaceId}-{chatId}`). */
      type: 'ReceiveInboundMessage';
      data: {
        messageId: string;
        /** The conversation's id: a pseudonym of the customer's address (or, before them, the address). */
        chatId: string;
        /** The provider's address of the chat (a WhatsApp id): where replies go. Default: chatId. */
        address?: string;
        sessionId: string;
        /** The provider's id: the same one delivered again changes nothing. */
        providerMessageId: string;
        /** The customer's phone (non-digits are dropped); used when the conversation starts. */
        customerId: string;
        customerName?: string | null;
        /** Default: `group` for chat ids ending with `@g.us`, else `private`. */
        chatType?: ChatType;
        content?: string | null;
        /** Raw type; unknown ones fall back to `text`. */
        type?: string | null;
        mediaUrl?: string | null;
        senderName?: string | null;
        senderPhone?: string | null;
        /** The provider's ISO time; when missing or invalid, `receivedAt` is used. */
        timestamp?: string | null;
        /** ISO time the message reached us (the caller's clock). */
        receivedAt: string;
        /** The workspace's monthly standing: a conversation started beyond its limit is marked. */
        allowance?: ConversationAllowance;
      };
    }
  | {
      type: 'RequestOutboundMessage';
      data: {
        /** The client's id: a browser retry with the same id makes no second message. */
        messageId: string;
        agentId: string;
        /** The text; with `media`, its caption (may be empty). */
        content: string;
        /** Default `text`; with `media`, the media's kind. */
        type?: string | null;
        /** A file already kept in the media store (see OutboundMedia). */
        media?: OutboundMedia;
        /** ISO time from the client; when invalid, `receivedAt` is used. */
        timestamp?: string | null;
        receivedAt?: string | null;
        /** Session to send through; default the conversation's latest session. */
        sessionId?: string | null;
        /** The workspace's plan standing now: no sending after the trial, nor in an over-limit conversation. */
        allowance: ConversationAllowance;
      };
    }
  | {
      /** Recorded before the provider is asked to send (its first attempt only; see send-attempt.ts). */
      type: 'StartOutboundSend';
      /** `startedAt`: ISO time, the sender's clock. */
      data: { messageId: string; startedAt: string };
    }
  | { type: 'MarkOutboundSent'; data: { messageId: string; providerMessageId: string } }
  | { type: 'UpdateDelivery'; data: { messageId: string; status: Exclude<DeliveryStatus, 'sent'> } }
  | {
      type: 'UpdateDeliveryByProviderId';
      data: { providerMessageId: string; status: Exclude<DeliveryStatus, 'sent'> };
    }
  | { type: 'MarkOutboundFailed'; data: { messageId: string; error: string } }
  | { type: 'RecordMediaStored'; data: { messageId: string; mediaUrl: string } }
  | { type: 'RecordMediaFailed'; data: { messageId: string; error: string } }
  | { type: 'RetryMedia'; data: { messageId: string; byUserId: string } }
  | { type: 'MarkConversationRead'; data: { readerId: string } }
  | { type: 'PinConversation'; data: Record<string, never> }
  | { type: 'UnpinConversation'; data: Record<string, never> }
  | { type: 'ArchiveConversation'; data: { byUserId: string } }
  | { type: 'UnarchiveConversation'; data: Record<string, never> }
  | { type: 'AssignConversation'; data: { assigneeId: string; byUserId: string } }
  | { type: 'TransferConversation'; data: { toAssigneeId: string; byUserId: string } }
  | { type: 'RateConversation'; data: { rating: number; byUserId: string } }
  | { type: 'EraseContactData'; data: { byUserId: string } }
  | { type: 'RecordContactExport'; data: { byUserId: string } };
