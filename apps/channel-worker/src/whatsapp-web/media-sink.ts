/** Media bytes a driver downloaded for an inbound message. */
export interface MediaToStore {
  sessionId: string;
  providerMessageId: string;
  /** The provider's chat the message came in (a WhatsApp id): names the customer whose key seals it. */
  chatId?: string;
  mimetype: string;
  data: Buffer;
  filename?: string | null;
}

/** Where a driver hands the media it downloaded. */
export interface MediaSink {
  /**
   * Stores the bytes (again: the same id, so a re-download replaces them) and answers their media
   * id, `<session>/<file>`: served at `/api/media/<mediaId>`.
   */
  save(media: MediaToStore): Promise<{ mediaId: string }>;
}
