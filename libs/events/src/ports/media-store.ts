import { z } from 'zod';

/**
 * The id of one stored media file: `<folder>/<name>`, the tail of its `/api/media/…` URL. The folder
 * is the channel session's (one workspace's media only), the name the driver's (`<hash>.<ext>`).
 * No separators beyond the one, no leading dot: an id is safe as a relative path.
 */
export const mediaIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/, 'Identificador de mídia inválido');

/** Where stored media is served: `/api/media/<mediaId>`, the URL events record. */
export const MEDIA_URL_PREFIX = '/api/media/';

export const mediaUrlOf = (mediaId: string): string => `${MEDIA_URL_PREFIX}${mediaId}`;

/** The media id of an `/api/media/…` URL (media kept in this deployment), else undefined. */
export function mediaIdOf(url: unknown): string | undefined {
  if (typeof url !== 'string' || !url.startsWith(MEDIA_URL_PREFIX)) return undefined;
  const id = mediaIdSchema.safeParse(url.slice(MEDIA_URL_PREFIX.length));
  return id.success ? id.data : undefined;
}

/** What a get finds: the bytes and the MIME type they were stored with. */
export interface StoredMedia {
  bytes: Buffer;
  contentType: string;
}

/**
 * Whose personal data a media is: the customer's conversation stream. Its contact key (the one that
 * seals the conversation's fields) seals the bytes where the store encrypts them, so the contact's
 * erasure makes every copy unreadable, backups included.
 */
export interface MediaOwner {
  conversationStreamId: string;
}

/**
 * Where the media of customers' messages (images, audio, video, documents a channel downloaded) is
 * kept, apart from the event log: the log only records its URL. Every operation names the
 * workspace, and a workspace never reaches another's media, whatever id it asks for.
 * Adapters: files under DATA_DIR/media (one machine), a PostgreSQL table (several); both pass the
 * media store contract suite.
 */
export interface MediaStore {
  /**
   * Stores the bytes under the id, replacing what the same workspace stored there (a download
   * retried). Rejects with MediaIdTakenError when the id belongs to another workspace. `owner`
   * names the customer the media came from (adapters that store bytes as given ignore it).
   */
  put(
    workspaceId: string,
    mediaId: string,
    bytes: Buffer,
    contentType: string,
    owner?: MediaOwner,
  ): Promise<void>;
  /** The media, or undefined when the workspace has none under that id (or the id is not one). */
  get(workspaceId: string, mediaId: string): Promise<StoredMedia | undefined>;
  /** Deletes the workspace's media of that id (LGPD erasure of a contact). Idempotent. */
  delete(workspaceId: string, mediaId: string): Promise<void>;
  /**
   * Deletes every media of the workspace ("Excluir todos os dados da conta"); `folders` are its
   * channel sessions (the folders of its ids), for adapters that find media by folder. Another
   * workspace's media is left, whatever folders are named. Idempotent.
   */
  deleteWorkspace(workspaceId: string, folders: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** A put under an id another workspace owns: nothing was written. */
export class MediaIdTakenError extends Error {
  readonly code = 'MEDIA_ID_TAKEN';
  constructor(readonly mediaId: string) {
    super('Esta mídia pertence a outra conta');
    this.name = 'MediaIdTakenError';
  }
}
