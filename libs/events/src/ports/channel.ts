import type { ChannelDriver } from '../channel-session/index.js';
import type { MessageType } from '../conversation/messages.js';

/** A message a customer sent, as a channel driver reports it (before it becomes an event). */
export interface InboundChannelMessage {
  /** The provider's id: with the session it makes the event id, so a re-delivery is stored once. */
  providerMessageId: string;
  /** Provider chat id, e.g. `5511999990001@c.us` (groups end with `@g.us`). */
  chatId: string;
  /** The sender's phone number, digits only. */
  from: string;
  senderName: string | null;
  chatType: 'private' | 'group';
  content: string;
  /** Provider type name (text, chat, image, ptt…); the domain normalises it. */
  type: string;
  mediaUrl: string | null;
  /** ISO time the customer sent it. */
  timestamp: string;
}

/**
 * What the log recorded of an inbound message whose media is fetched again, opened (a sealed field
 * reads as null once its customer is erased): a driver may have put in its placeholder `mediaUrl`
 * what it needs to find the message again (whatsapp-web.js: its full id, address included).
 */
export interface RecordedMedia {
  mediaUrl: string | null;
}

/** What a driver reports about a session. */
export type ChannelEvent =
  | { type: 'qr'; sessionId: string; qrCode: string }
  | { type: 'connected'; sessionId: string; phoneNumber: string | null }
  | { type: 'disconnected'; sessionId: string; reason: string }
  | { type: 'failed'; sessionId: string; error: string; retryInMs: number | null }
  | { type: 'inbound'; sessionId: string; message: InboundChannelMessage }
  | { type: 'ack'; sessionId: string; providerMessageId: string; status: 'delivered' | 'read' }
  | ChannelMediaEvent;

/**
 * The outcome of fetching an inbound message's media (reported after its `inbound`, whose
 * `mediaUrl` was a placeholder): `mediaUrl` is where the stored bytes are served from.
 */
export type ChannelMediaEvent =
  | { type: 'media'; sessionId: string; providerMessageId: string; status: 'stored'; mediaUrl: string }
  | { type: 'media'; sessionId: string; providerMessageId: string; status: 'failed'; error: string };

export type ChannelStatus = 'disconnected' | 'connecting' | 'qr' | 'connected' | 'unavailable';

export interface OutboundChannelMessage {
  chatId: string;
  /** The text; with `media`, its caption ('' for none). */
  content: string;
  type: MessageType;
  /** Our message id (the client's): drivers that can, use it to refuse a duplicate send. */
  messageId: string;
  /** The file of a media message (type image, video, audio or document), read from the media store. */
  media?: OutboundChannelMedia;
}

export interface OutboundChannelMedia {
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

/** What a retried send looks for in the chat (see Channel.findSent). */
export interface SentMessageQuery {
  /** The provider's address of the chat (as given to send). */
  chatId: string;
  /** The exact text that was sent (a media's caption). */
  content: string;
  /** The kind of message sent; default `text`. */
  type?: MessageType;
  /** When the earlier attempt started (the sender's clock): a message older than that is not it. */
  since: Date;
}

/** A send that failed; `permanent` ones are not retried (bad number, blocked…). */
export class ChannelSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'ChannelSendError';
  }
}

/** A session to connect, as a ChannelSessionRequested (or the sessions read model) names it. */
export interface ChannelSessionTarget {
  sessionId: string;
  phoneNumber: string;
  name: string;
  restore?: boolean;
}

/** The Channel port: one messaging provider (WhatsApp via whatsapp-web.js, or the sandbox phone). */
export interface Channel {
  readonly name: ChannelDriver;
  /**
   * Starts (or restores) a session; progress is reported through events (qr, connected, failed).
   * `restore`: the log says the phone is logged in (connected, not logged out since), e.g. a session
   * taken over from a worker on another host: a driver that keeps its login elsewhere may trust it.
   */
  connect(session: ChannelSessionTarget): Promise<void>;
  status(sessionId: string): ChannelStatus;
  /** Logs the phone out and ends the session (reported as a `disconnected` event). */
  disconnect(sessionId: string): Promise<void>;
  /**
   * Stops running the session here without logging the phone out and without reporting anything:
   * the session moves to another channel worker, which restores it from its saved login. Needed
   * when sessions are spread over several workers.
   */
  detach?(sessionId: string): Promise<void>;
  /** Sends; resolves with the provider's message id, throws ChannelSendError. */
  send(sessionId: string, message: OutboundChannelMessage): Promise<{ providerMessageId: string }>;
  /**
   * After a send whose outcome was never recorded (its worker crashed or lost the session between
   * the provider call and the record): the provider ids of the messages this session sent to
   * `chatId` with exactly `content` at or after `since` (less the driver's clock skew), oldest
   * first, in the form `send` returns them; empty when the chat has none. Throws when it cannot
   * tell (e.g. the session is not connected). Drivers that cannot look omit it: such a message is
   * sent again (at least once).
   */
  findSent?(sessionId: string, query: SentMessageQuery): Promise<string[]>;
  /**
   * Fetches an inbound message's media again (e.g. after a `media` event with status `failed`);
   * the outcome is reported as a new `media` event (under the `providerMessageId` given). Drivers
   * without downloadable media omit it. `recorded`: what the log holds about the message.
   */
  retryMedia?(sessionId: string, providerMessageId: string, recorded?: RecordedMedia): Promise<void>;
  /**
   * Subscribes to what the driver reports; returns the unsubscribe function. A listener may return
   * a promise (it settles when the event is recorded): drivers that can wait, wait before telling
   * the other side the message was taken.
   */
  onEvent(listener: (event: ChannelEvent) => void | Promise<void>): () => void;
  close(): Promise<void>;
}
