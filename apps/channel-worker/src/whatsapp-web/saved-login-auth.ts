import { createReadStream } from 'node:fs';
import { rm, unlink } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type WAWebJS from 'whatsapp-web.js';

/**
 * The parts of a whatsapp-web.js 1.34 `RemoteAuth` this strategy relies on (plain fields and
 * methods of its JavaScript; the typings declare only the constructor).
 */
export interface RemoteAuthLike {
  clientId?: string;
  /** Resolved folder of the working copy, the zip and the staging folder: this client's own. */
  dataPath: string;
  /** The working copy (Chromium's profile); set by beforeBrowserInitialized. */
  userDataDir?: string;
  /** `RemoteAuth-<clientId>`; set by beforeBrowserInitialized. */
  sessionName?: string;
  store: WAWebJS.Store;
  setup(client: unknown): void;
  beforeBrowserInitialized(): Promise<void>;
  afterBrowserInitialized(): Promise<void>;
  onAuthenticationNeeded(): Promise<{ failed?: boolean; restart?: boolean; failureEventPayload?: unknown }>;
  getAuthEventPayload(): Promise<unknown>;
  /** Zips the working copy and has the store save it. */
  storeRemoteSession(options?: { emit?: boolean }): Promise<void>;
  /** Unpacks the restored zip into the working copy, then deletes the zip. */
  unCompressSession(zipPath: string): Promise<void>;
  /** Deletes the saved login and the working copy. */
  logout(): Promise<void>;
  destroy(): Promise<void>;
}

export interface SavedLoginAuthOptions {
  /** How often a running session's login is saved again. */
  backupEveryMs: number;
  /** Wait after a first login before its first save (RemoteAuth's: the profile must settle). */
  firstBackupAfterMs: number;
  warn?: (error: unknown, message: string) => void;
}

/** unzipper 0.12, whatsapp-web.js's optional dependency, loaded from its folder as RemoteAuth loads it. */
interface Unzipper {
  Extract(options: { path: string; concurrency?: number }): NodeJS.WritableStream;
}

let unzipper: Unzipper | undefined;

function loadUnzipper(): Unzipper {
  const here = createRequire(import.meta.url);
  return (unzipper ??= createRequire(here.resolve('whatsapp-web.js'))('unzipper') as Unzipper);
}

/** Unpacks a zip into a folder; resolves once every file is written (unzipper's 'close'). */
export async function unpackZip(zipPath: string, into: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const input = createReadStream(zipPath);
    const extract = loadUnzipper().Extract({ path: into, concurrency: 10 });
    const fail = (error: unknown) => {
      input.destroy();
      reject(error);
    };
    input.once('error', fail);
    extract.once('error', fail);
    extract.once('close', () => resolve());
    input.pipe(extract);
  });
  await unlink(zipPath);
}

/**
 * whatsapp-web.js `RemoteAuth`, as the channel worker needs it: the saved login is restored from
 * the store at start (RemoteAuth's own extract) and saved again periodically, while
 * - the restored zip is fully unpacked before Chromium starts (RemoteAuth 1.34 resolves on the
 *   input's 'finish', before unzipper has written the files: a profile could open half-written);
 * - backups never reject (the Client calls afterAuthReady without awaiting it, and RemoteAuth's
 *   own interval would leave a failed save unhandled) and their timers never hold the process open;
 * - destroy() waits for a backup under way, stops them all (also the first one, pending for a
 *   minute), and removes the working copy: the plaintext profile stays on disk only while its
 *   client runs;
 * - a disconnect keeps the saved login (WhatsApp reported a state it cannot go on in — a conflict,
 *   a proxy block… — as LocalAuth kept its folder); only a logout deletes it.
 */
export class SavedLoginAuth {
  private destroyed = false;
  private backups: ReturnType<typeof setInterval> | undefined;
  private firstBackup: { timer: ReturnType<typeof setTimeout>; cancel: () => void } | undefined;
  private backingUp: Promise<void> | undefined;

  constructor(
    private readonly remote: RemoteAuthLike,
    private readonly options: SavedLoginAuthOptions,
  ) {
    remote.unCompressSession = (zipPath) => {
      if (!remote.userDataDir) throw new Error('RemoteAuth unpacks before its working copy is named');
      return unpackZip(zipPath, remote.userDataDir);
    };
  }

  get clientId(): string | undefined {
    return this.remote.clientId;
  }

  setup(client: unknown): void {
    this.remote.setup(client);
  }

  beforeBrowserInitialized(): Promise<void> {
    return this.remote.beforeBrowserInitialized();
  }

  afterBrowserInitialized(): Promise<void> {
    return this.remote.afterBrowserInitialized();
  }

  onAuthenticationNeeded(): ReturnType<RemoteAuthLike['onAuthenticationNeeded']> {
    return this.remote.onAuthenticationNeeded();
  }

  getAuthEventPayload(): Promise<unknown> {
    return this.remote.getAuthEventPayload();
  }

  /** Logged in: a login restored is saved again every `backupEveryMs`; a new one first after a settling wait. */
  async afterAuthReady(): Promise<void> {
    this.stopBackups(); // ready again (a new QR scanned after a logout): one schedule only
    try {
      const restored = await this.remote.store.sessionExists({ session: this.sessionName() });
      if (!restored) {
        if (!(await this.settle())) return;
        await this.backup(true);
      }
    } catch (error) {
      this.options.warn?.(error, 'WhatsApp login not saved; trying again at the next backup');
    }
    if (this.destroyed) return;
    this.backups = setInterval(() => void this.backup(false), this.options.backupEveryMs);
    this.backups.unref?.();
  }

  /** WhatsApp reported a state it cannot go on in (the Client destroys itself next): the login is kept. */
  async disconnect(): Promise<void> {
    this.stopBackups();
    await this.backingUp;
  }

  /** The phone logged out: the saved login goes, with the working copy. */
  async logout(): Promise<void> {
    this.stopBackups();
    await this.backingUp;
    await this.remote.logout();
  }

  /** The browser is closed (Client.destroy closes it first): backups stop, the working copy goes. */
  async destroy(): Promise<void> {
    this.destroyed = true;
    this.stopBackups();
    await this.backingUp;
    await this.remote.destroy();
    await this.removeWorkingCopy();
  }

  /**
   * The client's folder: its working copy and whatever a backup cut short left beside it (the
   * staging folder, the zip). It is this client's alone (the factory makes one per client).
   */
  async removeWorkingCopy(): Promise<void> {
    await rm(this.remote.dataPath, { recursive: true, force: true, maxRetries: 4 }).catch(() => {});
  }

  private sessionName(): string {
    return this.remote.sessionName ?? `RemoteAuth-${this.remote.clientId}`;
  }

  /** One backup at a time; a failure is reported, never thrown. */
  private backup(first: boolean): Promise<void> {
    this.backingUp ??= this.remote
      .storeRemoteSession(first ? { emit: true } : undefined)
      .catch((error: unknown) => this.options.warn?.(error, 'WhatsApp login backup failed'))
      .finally(() => (this.backingUp = undefined));
    return this.backingUp;
  }

  /** Resolves true after the settling wait, false when stopped before. */
  private settle(): Promise<boolean> {
    return new Promise((resolve) => {
      if (this.destroyed) return resolve(false); // destroyed while the store was being asked
      const timer = setTimeout(() => {
        this.firstBackup = undefined;
        resolve(!this.destroyed);
      }, this.options.firstBackupAfterMs);
      timer.unref?.();
      this.firstBackup = { timer, cancel: () => resolve(false) };
    });
  }

  private stopBackups(): void {
    if (this.backups) clearInterval(this.backups);
    this.backups = undefined;
    if (this.firstBackup) {
      clearTimeout(this.firstBackup.timer);
      this.firstBackup.cancel();
      this.firstBackup = undefined;
    }
  }
}
