import type { SnapshotStore, StoredSnapshot } from '@atende/events';
import type { FieldCipher } from './field-cipher.js';
import { seal, unseal } from './master-key.js';

/**
 * Snapshots kept as ciphertext: a conversation's state holds its customer's name and number, so it
 * is sealed with the stream's contact key (authenticated with the key id and the stream) and
 * erasing the contact makes it unreadable, as it does the events it was folded from.
 */
export class SealedSnapshots implements SnapshotStore {
  constructor(
    private readonly raw: SnapshotStore,
    private readonly cipher: FieldCipher,
  ) {}

  async read(streamId: string): Promise<StoredSnapshot | undefined> {
    const stored = await this.raw.read(streamId);
    if (!stored) return undefined;
    const { k, c } = JSON.parse(stored.state) as { k?: unknown; c?: unknown };
    if (typeof k !== 'string' || typeof c !== 'string') return undefined; // not sealed here: not ours
    const key = await this.cipher.keyOf(k);
    if (!key) return undefined; // erased: loads fold the stream itself
    return { ...stored, state: unseal(key, c, `${k}|${streamId}`).toString('utf8') };
  }

  /**
   * Only with the contact's key this process holds: a load that read the state before an erasure
   * here destroyed the key finds none and keeps nothing (a fresh key would outlive the erasure).
   */
  async write(streamId: string, workspaceId: string, snapshot: StoredSnapshot): Promise<void> {
    const current = this.cipher.cachedContactKey(streamId, workspaceId);
    if (!current) return;
    const { keyId, key } = current;
    const state = JSON.stringify({ k: keyId, c: seal(key, snapshot.state, `${keyId}|${streamId}`) });
    await this.raw.write(streamId, workspaceId, { ...snapshot, state });
  }
}
