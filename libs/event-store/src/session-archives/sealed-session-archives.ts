import type { Logger } from 'pino';
import type { SessionArchiveStore } from '@atende/events';
import type { FieldCipher } from '../keys/field-cipher.js';
import { SealedBytesKind } from '../keys/sealed-bytes.js';

/** What sealing needs of the deployment's keys: the log's FieldCipher (its key store, its subjects). */
export type ArchiveKeys = Pick<FieldCipher, 'keys' | 'subjectOf'>;

/** Saved WhatsApp logins, sealed: the bytes start with this kind's magic (`\0ATLOGIN`). */
const SEALED_LOGIN = new SealedBytesKind('ATLOGIN');

/** Binds a ciphertext to its workspace and session: a row copied elsewhere does not open. */
const contextOf = (workspaceId: string, sessionId: string) =>
  `atende-session-archive\n${workspaceId}\n${sessionId}`;

/** The key id a stored archive names, or undefined when it is not in the sealed form. */
export function archiveKeyId(sealed: Buffer): string | undefined {
  return SEALED_LOGIN.keyIdOf(sealed);
}

/**
 * A SessionArchiveStore whose archives are sealed with their workspace's data key (AES-256-GCM, the
 * key id beside the ciphertext) before they reach the adapter underneath. Once the workspace's keys
 * are destroyed (its erasure) an archive reads as absent — the session asks for a new QR code —
 * never as an error; so does one that fails to authenticate (a warning says so). A key store that
 * cannot be reached is an error: the login must not be dropped for a passing outage.
 */
export class SealedSessionArchives implements SessionArchiveStore {
  constructor(
    private readonly store: SessionArchiveStore,
    private readonly keys: ArchiveKeys,
    private readonly logger?: Pick<Logger, 'warn'>,
  ) {}

  /** The workspace's own subject: its secrets' key, destroyed with the workspace. */
  private subject(workspaceId: string): Promise<string> {
    return this.keys.subjectOf('workspace', workspaceId, workspaceId);
  }

  async put(workspaceId: string, sessionId: string, bytes: Buffer): Promise<void> {
    const key = await this.keys.keys.activeKey(await this.subject(workspaceId));
    await this.store.put(
      workspaceId,
      sessionId,
      SEALED_LOGIN.seal(key, contextOf(workspaceId, sessionId), bytes),
    );
  }

  async get(workspaceId: string, sessionId: string): Promise<Buffer | undefined> {
    const sealed = await this.store.get(workspaceId, sessionId);
    if (!sealed) return undefined;
    const keyId = archiveKeyId(sealed);
    // Only the workspace's own keys open its archives.
    if (keyId === undefined || !keyId.startsWith(`${await this.subject(workspaceId)}#`)) {
      this.unreadable(workspaceId, sessionId, 'not sealed with the workspace key');
      return undefined;
    }
    const key = await this.keys.keys.keyById(keyId);
    if (!key) return undefined; // destroyed: the login is gone, as the workspace's other secrets
    try {
      return SEALED_LOGIN.open(sealed, key, contextOf(workspaceId, sessionId));
    } catch {
      this.unreadable(workspaceId, sessionId, 'does not authenticate');
      return undefined;
    }
  }

  async delete(workspaceId: string, sessionId: string): Promise<void> {
    await this.store.delete(workspaceId, sessionId);
  }

  async deleteWorkspace(workspaceId: string): Promise<void> {
    await this.store.deleteWorkspace(workspaceId);
  }

  /** Closes the adapter underneath (the keys belong to the deployment, closed with the log). */
  async close(): Promise<void> {
    await this.store.close();
  }

  private unreadable(workspaceId: string, sessionId: string, why: string): void {
    this.logger?.warn(
      { workspaceId, sessionId },
      `saved WhatsApp login ${why}: treated as none (the session asks for a new QR code)`,
    );
  }
}
