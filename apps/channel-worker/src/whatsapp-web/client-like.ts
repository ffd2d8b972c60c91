/**
 * The slice of whatsapp-web.js the driver uses, so tests can inject a fake `Client` (and the
 * module never has to load puppeteer to be type-checked or imported).
 */

/**
 * A message's key as whatsapp-web.js reports it (`MessageId`). `_serialized` is
 * `${fromMe}_${remote}_${id}` (groups: `_${participant}` after it), so it holds addresses: never
 * recorded as it is (see providerMessageIdOf).
 */
export interface MessageKeyLike {
  fromMe: boolean;
  /** The chat (a WhatsApp id). */
  remote: string;
  /** WhatsApp's own id of the message, random (e.g. `3EB0C767D26A1F8E`). */
  id: string;
  /** In a group, the participant who wrote it. */
  participant?: string | { _serialized: string } | null;
  _serialized: string;
}

/** A message as whatsapp-web.js reports it (`Message`). */
export interface MessageLike {
  id: MessageKeyLike;
  /** Chat id of a received message (`…@c.us`, `…@g.us`, `status@broadcast`). */
  from: string;
  /** In a group, the participant who wrote it. */
  author?: string | null;
  fromMe: boolean;
  body: string;
  /** Provider type name: chat, image, video, audio, ptt, document, sticker… */
  type: string;
  /** Unix seconds. */
  timestamp: number;
  hasMedia: boolean;
  isStatus?: boolean;
  /** Raw WhatsApp Web data; `notifyName` is the sender's own display name. */
  _data?: { notifyName?: string | null } | null;
  downloadMedia(): Promise<MediaLike | null | undefined>;
}

/** Downloaded media (`MessageMedia`): base64 bytes and their MIME type. */
export interface MediaLike {
  mimetype: string;
  data: string;
  filename?: string | null;
}

/** whatsapp-web.js `MessageSendOptions` a media send uses. */
export interface MediaSendOptions {
  caption?: string;
  /** Audio goes as a voice note (the way customers' phones play it inline). */
  sendAudioAsVoice?: boolean;
  /** Anything that is not an image, video or audio goes as a document, with its name. */
  sendMediaAsDocument?: boolean;
}

/** A chat (`Chat`), as far as the backfill and findSent need it. */
export interface ChatLike {
  id: { _serialized: string };
  unreadCount: number;
  /** The last `limit` messages (with `fromMe`, only ours or only theirs), oldest first. */
  fetchMessages(options: { limit: number; fromMe?: boolean }): Promise<MessageLike[]>;
}

/** A whatsapp-web.js `Client` as the driver uses it. */
export interface ClientLike {
  /** Set once the client is ready; `wid.user` is the connected phone number. */
  info?: { wid?: { user?: string | null } | null } | null;
  // Listener arguments depend on the event (whatsapp-web.js types them per event name).
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  on(event: string, listener: (...args: any[]) => void): unknown;
  removeAllListeners(event?: string): unknown;
  initialize(): Promise<void>;
  destroy(): Promise<void>;
  logout(): Promise<void>;
  sendMessage(chatId: string, content: string): Promise<{ id: MessageKeyLike }>;
  /**
   * Sends a file (whatsapp-web.js `sendMessage` with a `MessageMedia`; the factory adds this, as
   * only it holds the library's MessageMedia class).
   */
  sendMedia(chatId: string, media: MediaLike, options: MediaSendOptions): Promise<{ id: MessageKeyLike }>;
  getChats(): Promise<ChatLike[]>;
  /** The chat of a WhatsApp id (undefined, or a rejection, when WhatsApp Web has none). */
  getChatById(chatId: string): Promise<ChatLike | undefined>;
  getMessageById(messageId: string): Promise<MessageLike | null | undefined>;
}

/** Makes the client of one session (one browser each). May be async (the real one loads lazily). */
export type ClientFactory = (sessionId: string) => ClientLike | Promise<ClientLike>;
