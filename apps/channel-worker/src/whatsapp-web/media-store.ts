/** Media bytes to keep for an inbound message. */
export interface MediaToStore {
  sessionId: string;
  providerMessageId: string;
  mimetype: string;
  data: Buffer;
  filename?: string | null;
}

/** Where downloaded media is kept. */
export interface MediaStore {
  /**
   * Stores the bytes (again: same place, so a re-download overwrites) and returns their path
   * relative to the media root, `<session>/<file>` with `/` separators.
   */
  save(media: MediaToStore): Promise<{ path: string }>;
}
