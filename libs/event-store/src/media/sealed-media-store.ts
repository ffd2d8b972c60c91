import {
  mediaIdSchema,
  streams,
  type KeyStore,
  type MediaOwner,
  type MediaStore,
  type SealSubjectKind,
  type StoredMedia,
} from '@atende/events';
import { SealedBytesKind } from '../keys/sealed-bytes.js';

/** Customers' media, sealed: the bytes start with this kind's magic (`\0ATMEDIA`). */
const SEALED_MEDIA = new SealedBytesKind('ATMEDIA');
export const SEALED_MEDIA_MAGIC = SEALED_MEDIA.magic;

/** What sealing needs of the deployment's keys (its FieldCipher has it): the same subjects as the log's. */
export interface MediaKeys {
  readonly keys: Pick<KeyStore, 'activeKey' | 'keyById'>;
  subjectOf(kind: SealSubjectKind, streamId: string, workspaceId: string): Promise<string>;
}

/** Whether stored bytes are sealed (else media written before sealing, served as they are). */
export function isSealedMedia(bytes: Buffer): boolean {
  return SEALED_MEDIA.isSealed(bytes);
}

/** The workspace and the id are authenticated: sealed bytes cannot pass for another media. */
const contextOf = (workspaceId: string, mediaId: string) => `${workspaceId}\n${mediaId}`;

/** AES-256-GCM of media bytes, self-describing (SealedBytesKind): the key id in the header. */
export function sealMedia(
  keyId: string,
  key: Buffer,
  workspaceId: string,
  mediaId: string,
  plain: Buffer,
): Buffer {
  return SEALED_MEDIA.seal({ keyId, key }, contextOf(workspaceId, mediaId), plain);
}

/** Thrown when sealed media does not open with its own key: the bytes were changed or moved. */
export class SealedMediaCorruptError extends Error {
  readonly code = 'SEALED_MEDIA_CORRUPT';
  constructor(readonly mediaId: string) {
    super(`sealed media ${mediaId} does not open with its key (changed or moved)`);
    this.name = 'SealedMediaCorruptError';
  }
}

/**
 * Media sealed at rest with its customer's key (LGPD, issue 26), around any MediaStore: each put is
 * AES-256-GCM with the data key of the conversation's contact (the key that seals that
 * conversation's fields in the log), the key id in a header beside the ciphertext. A get opens it
 * with that key id alone, so readers need not know whose media it is; once the contact is erased
 * (their key destroyed) it answers undefined, as for media that is not there, in every copy of the
 * store (a backup of DATA_DIR/media or of the PostgreSQL table included). Media put without an
 * owner is sealed with the workspace's key, destroyed with the workspace. Plain media written
 * before sealing has no header and is served as it is.
 */
export class SealedMediaStore implements MediaStore {
  constructor(
    private readonly inner: MediaStore,
    private readonly keys: MediaKeys,
  ) {}

  async put(
    workspaceId: string,
    mediaId: string,
    bytes: Buffer,
    contentType: string,
    owner?: MediaOwner,
  ): Promise<void> {
    // Checked before a key is asked for (an id that is not one makes no key).
    mediaIdSchema.parse(mediaId);
    if (!workspaceId) throw new TypeError('workspaceId is required');
    const subject = await this.subjectOf(workspaceId, owner);
    const { keyId, key } = await this.keys.keys.activeKey(subject);
    const sealed = sealMedia(keyId, key, workspaceId, mediaId, bytes);
    await this.inner.put(workspaceId, mediaId, sealed, contentType, owner);
  }

  async get(workspaceId: string, mediaId: string): Promise<StoredMedia | undefined> {
    const stored = await this.inner.get(workspaceId, mediaId);
    if (!stored) return undefined;
    const keyId = SEALED_MEDIA.keyIdOf(stored.bytes);
    // No header (or not one this version wrote): media stored before sealing, as it is.
    if (keyId === undefined) return stored;
    const key = await this.keys.keys.keyById(keyId);
    // The key was destroyed (the customer or the workspace erased): nothing left to serve.
    if (!key) return undefined;
    try {
      return {
        bytes: SEALED_MEDIA.open(stored.bytes, key, contextOf(workspaceId, mediaId)),
        contentType: stored.contentType,
      };
    } catch {
      throw new SealedMediaCorruptError(mediaId);
    }
  }

  /**
   * Seals a customer's media with the key of `owner` (`npm run events -- encrypt`): a file stored
   * before media sealing, or one sealed with another key (their conversation was renamed, so its key
   * is now another subject's). False when there is nothing to do: no such media, its key gone, or
   * sealed with that key already.
   */
  async reseal(workspaceId: string, mediaId: string, owner: MediaOwner): Promise<boolean> {
    const stored = await this.inner.get(workspaceId, mediaId);
    if (!stored) return false;
    const keyId = SEALED_MEDIA.keyIdOf(stored.bytes);
    const target = await this.keys.keys.activeKey(await this.subjectOf(workspaceId, owner));
    if (keyId === target.keyId) return false;
    let plain = stored.bytes; // stored before media sealing
    if (keyId !== undefined) {
      const key = await this.keys.keys.keyById(keyId);
      if (!key) return false;
      try {
        plain = SEALED_MEDIA.open(stored.bytes, key, contextOf(workspaceId, mediaId));
      } catch {
        throw new SealedMediaCorruptError(mediaId);
      }
    }
    const sealed = sealMedia(target.keyId, target.key, workspaceId, mediaId, plain);
    await this.inner.put(workspaceId, mediaId, sealed, stored.contentType, owner);
    return true;
  }

  delete(workspaceId: string, mediaId: string): Promise<void> {
    return this.inner.delete(workspaceId, mediaId);
  }

  deleteWorkspace(workspaceId: string, folders: readonly string[]): Promise<void> {
    return this.inner.deleteWorkspace(workspaceId, folders);
  }

  close(): Promise<void> {
    return this.inner.close();
  }

  /** The contact's subject for a customer's media; the workspace's when the writer knows no customer. */
  private subjectOf(workspaceId: string, owner: MediaOwner | undefined): Promise<string> {
    if (!owner) return this.keys.subjectOf('workspace', workspaceId, workspaceId);
    const streamId = owner.conversationStreamId;
    // Another workspace's customer would name a key of theirs: refused.
    const prefix = streams.conversation(workspaceId, '');
    if (streamId.length <= prefix.length || !streamId.startsWith(prefix)) {
      throw new TypeError('the media owner is not a conversation of this workspace');
    }
    return this.keys.subjectOf('contact', streamId, workspaceId);
  }
}
