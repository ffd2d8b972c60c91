import { providerIdWithoutAddress, type ChannelEvent, type RecordedMedia } from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';
import type { ClientLike, MessageLike } from './client-like.js';
import { serializedIdOfPlaceholder, toInboundMessage } from './inbound-message.js';
import type { MediaSink } from './media-sink.js';

/** Media messages whose full id is remembered in memory (then it is read from the log). */
const MAX_REMEMBERED_MEDIA = 10_000;

export interface MessageIntakeOptions {
  mediaSink: MediaSink;
  /** URL prefix stored media is served from, without a trailing slash. */
  mediaBaseUrl: string;
  /** Most unread messages fetched per chat after a (re)connect. */
  backfillLimit: number;
  now: () => Date;
  emit(event: ChannelEvent): void;
  warn(error: unknown, sessionId: string, message: string): void;
}

/** An error's message, for events and logs. */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * What a whatsapp-web.js session receives, reported as channel events: messages (live or
 * backfilled after a reconnect) and their media, downloaded into the MediaSink.
 */
export class MessageIntake {
  /** `${sessionId}:${providerMessageId}` → full message id (with its address: memory only). */
  private readonly mediaMessages = new BoundedMap<string, string>(MAX_REMEMBERED_MEDIA);

  constructor(private readonly options: MessageIntakeOptions) {}

  /** Reports a received message (the media follows as a `media` event once downloaded). */
  receive(sessionId: string, msg: MessageLike): void {
    const message = toInboundMessage(msg, this.options.now);
    if (!message) return;
    if (msg.hasMedia && msg.id._serialized) {
      this.mediaMessages.set(`${sessionId}:${message.providerMessageId}`, msg.id._serialized);
    }
    this.options.emit({ type: 'inbound', sessionId, message });
    if (msg.hasMedia) void this.storeMedia(sessionId, message.providerMessageId, msg);
  }

  /**
   * Downloads a message's media again (a `media` event under `providerMessageId` reports the
   * outcome). `recorded`: what the log holds about it (its sealed placeholder mediaUrl).
   */
  async fetchMediaAgain(
    client: ClientLike,
    sessionId: string,
    providerMessageId: string,
    recorded?: RecordedMedia,
  ): Promise<void> {
    const serializedId = this.serializedIdOf(sessionId, providerMessageId, recorded);
    if (!serializedId) {
      this.mediaFailed(sessionId, providerMessageId, 'Message no longer known to this channel');
      return;
    }
    let msg: MessageLike | null | undefined;
    try {
      msg = await client.getMessageById(serializedId);
    } catch (error) {
      this.mediaFailed(sessionId, providerMessageId, errorText(error));
      return;
    }
    if (!msg || !msg.hasMedia) {
      this.mediaFailed(sessionId, providerMessageId, 'Message or its media no longer available');
      return;
    }
    await this.storeMedia(sessionId, providerMessageId, msg);
  }

  mediaFailed(sessionId: string, providerMessageId: string, error: string): void {
    this.options.emit({ type: 'media', sessionId, providerMessageId, status: 'failed', error });
  }

  /**
   * After a (re)connect: the unread messages of every chat, through the same path as live ones;
   * stops once `live()` says the client was replaced.
   */
  async backfill(sessionId: string, client: ClientLike, live: () => boolean): Promise<void> {
    let chats;
    try {
      chats = await client.getChats();
    } catch (error) {
      this.options.warn(error, sessionId, 'backfill: chats not listed');
      return;
    }
    for (const chat of chats) {
      if (!live()) return;
      const unread = Math.min(Math.floor(chat.unreadCount ?? 0), this.options.backfillLimit);
      if (!(unread > 0)) continue;
      try {
        const messages = await chat.fetchMessages({ limit: unread });
        if (!live()) return;
        for (const msg of messages) this.receive(sessionId, msg);
      } catch (error) {
        this.options.warn(error, sessionId, 'backfill: chat messages not fetched');
      }
    }
  }

  /**
   * The full whatsapp-web.js id getMessageById needs: remembered since the message came in (this
   * process); else from the placeholder mediaUrl the log recorded for it (sealed, so the address
   * is never in plain: a retry after a restart); else the provider id itself when it was recorded
   * whole, address included, before issue 26 (older messages keep being fetched by it).
   */
  private serializedIdOf(
    sessionId: string,
    providerMessageId: string,
    recorded: RecordedMedia | undefined,
  ): string | undefined {
    return (
      this.mediaMessages.get(`${sessionId}:${providerMessageId}`) ??
      serializedIdOfPlaceholder(recorded?.mediaUrl) ??
      (providerIdWithoutAddress(providerMessageId) !== providerMessageId ? providerMessageId : undefined)
    );
  }

  private async storeMedia(sessionId: string, providerMessageId: string, msg: MessageLike): Promise<void> {
    try {
      const media = await msg.downloadMedia();
      if (!media?.data) {
        this.mediaFailed(sessionId, providerMessageId, 'WhatsApp returned no media');
        return;
      }
      const { mediaId } = await this.options.mediaSink.save({
        sessionId,
        providerMessageId,
        chatId: msg.from,
        mimetype: media.mimetype,
        data: Buffer.from(media.data, 'base64'),
        filename: media.filename ?? null,
      });
      this.options.emit({
        type: 'media',
        sessionId,
        providerMessageId,
        status: 'stored',
        mediaUrl: `${this.options.mediaBaseUrl}/${mediaId}`,
      });
    } catch (error) {
      this.mediaFailed(sessionId, providerMessageId, errorText(error));
    }
  }
}
