import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SessionArchiveStore } from '@atende/events';

/** A zip with no entries (its end record only): what `extract` writes when there is no saved login. */
export const EMPTY_ZIP = Buffer.concat([Buffer.from('PK\x05\x06', 'latin1'), Buffer.alloc(18)]);

export interface SavedLoginStoreOptions {
  archives: SessionArchiveStore;
  /** The workspace owning the session: its key seals the archive. */
  workspaceId: string;
  sessionId: string;
  /** RemoteAuth's `dataPath`: `save` finds the zip RemoteAuth just wrote at `<dataPath>/<session>.zip`. */
  dataPath: string;
  /** RemoteAuth's name for the session (`RemoteAuth-<clientId>`): the only one this store answers. */
  sessionName: string;
}

/**
 * The whatsapp-web.js RemoteAuth `Store` of one session, over a SessionArchiveStore (sealed with the
 * workspace's key). RemoteAuth names sessions by its own folder name; the channel worker knows the
 * session and its workspace, so there is one store per client and a foreign name is refused.
 */
export class SavedLoginStore {
  constructor(private readonly options: SavedLoginStoreOptions) {}

  /** Whether a login can be restored: absent, and unreadable (the workspace's key destroyed), are alike. */
  async sessionExists({ session }: { session: string }): Promise<boolean> {
    this.check(session);
    return (await this.load()) !== undefined;
  }

  /** Saves the zip RemoteAuth made of the profile (it deletes the file afterwards). */
  async save({ session }: { session: string }): Promise<void> {
    this.check(session);
    const zip = await readFile(join(this.options.dataPath, `${session}.zip`));
    await this.options.archives.put(this.options.workspaceId, this.options.sessionId, zip);
  }

  /**
   * Writes the saved zip where RemoteAuth unpacks it from. Gone since `sessionExists` said yes (the
   * key destroyed in between): an empty zip, so the profile starts empty and asks for a QR code.
   */
  async extract({ session, path }: { session: string; path: string }): Promise<void> {
    this.check(session);
    await writeFile(path, (await this.load()) ?? EMPTY_ZIP, { mode: 0o600 });
  }

  /** The phone logged out (RemoteAuth deletes the saved login with it). */
  async delete({ session }: { session: string }): Promise<void> {
    this.check(session);
    await this.options.archives.delete(this.options.workspaceId, this.options.sessionId);
  }

  /** Whether the session has a readable saved login (the import of an older LocalAuth folder asks). */
  async has(): Promise<boolean> {
    return (await this.load()) !== undefined;
  }

  private load(): Promise<Buffer | undefined> {
    return this.options.archives.get(this.options.workspaceId, this.options.sessionId);
  }

  private check(session: string): void {
    if (session !== this.options.sessionName) {
      throw new Error(`saved login store of ${this.options.sessionName} asked for ${session}`);
    }
  }
}
