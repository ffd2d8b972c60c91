import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type WAWebJS from 'whatsapp-web.js';
import type { SessionArchiveStore } from '@atende/events';
import type { ClientFactory, ClientLike, MediaLike, MediaSendOptions } from './client-like.js';
import { importLocalAuthLogin, localAuthFolder } from './local-auth-import.js';
import { SavedLoginAuth, type RemoteAuthLike } from './saved-login-auth.js';
import { SavedLoginStore } from './saved-login-store.js';
import { safeSegment } from './safe-segment.js';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';
/** How often a running session's login is saved again, by default (RemoteAuth accepts ≥ 1 min). */
export const DEFAULT_BACKUP_EVERY_MS = 5 * 60_000;
/** RemoteAuth's wait before the first save of a new login (the profile settles meanwhile). */
export const FIRST_BACKUP_AFTER_MS = 60_000;

/** Chromium flags for a headless server (no sandbox inside containers, no GPU, no extras). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-setuid-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the WhatsApp logins are saved (RemoteAuth), sealed, for every channel worker to restore. */
export interface SavedLogins {
  /** The sealed archive store (`SealedSessionArchives` over SQLite in DATA_DIR, or PostgreSQL). */
  archives: SessionArchiveStore;
  /** The workspace owning a session (its key seals the login); see sessionWorkspaceLookup. */
  workspaceOf(sessionId: string): Promise<string | undefined>;
  /**
   * This process's name (the channel worker id; unique in the deployment): its working copies are
   * in `<dataDir>/wwebjs-work/<workerId>`, emptied when the factory is made (a crash's leftovers go).
   */
  workerId: string;
  /** How often a running session's login is saved again; default 5 min (≥ 1 min). */
  backupEveryMs?: number;
  /** Wait before a new login's first save; default 60 s, RemoteAuth's (tests shorten it). */
  firstBackupAfterMs?: number;
  logger?: Pick<Logger, 'warn' | 'info'>;
}

export interface WwebjsClientFactoryOptions {
  /**
   * DATA_DIR: the working copies of the logins under `wwebjs-work/` (with `savedLogins`); without,
   * the logins themselves under `wwebjs-auth/` (LocalAuth, one folder per session, plain files).
   */
  dataDir: string;
  /** Default `/usr/bin/chromium`: whatsapp-web.js never downloads a browser here. */
  chromiumPath?: string;
  /** Extra Chromium flags, after `CHROMIUM_ARGS`. */
  extraArgs?: string[];
  /** Saves the logins sealed, in a store every worker reaches (RemoteAuth); without it, LocalAuth. */
  savedLogins?: SavedLogins;
  /** Loads whatsapp-web.js (tests); default a dynamic import, so puppeteer loads only when used. */
  load?: () => Promise<unknown>;
}

type WwebjsModule = typeof WAWebJS;

/** whatsapp-web.js is CommonJS: an ESM import gives its exports as `default` (named ones may miss). */
export function wwebjsExports(loaded: unknown): WwebjsModule {
  const candidate = loaded as Partial<WwebjsModule> & { default?: Partial<WwebjsModule> };
  const exports = typeof candidate.Client === 'function' ? candidate : candidate.default;
  if (!exports || typeof exports.Client !== 'function' || typeof exports.LocalAuth !== 'function') {
    throw new Error('whatsapp-web.js did not load (no Client / LocalAuth export)');
  }
  return exports as WwebjsModule;
}

/**
 * The real client factory: a whatsapp-web.js `Client` per session (`clientId` = the session id,
 * made safe) with a headless system Chromium. With `savedLogins`, its login is restored from and
 * saved to that store (RemoteAuth, see SavedLoginAuth), and a LocalAuth folder of an older version
 * is imported first; without, LocalAuth keeps it in `<dataDir>/wwebjs-auth`.
 */
export function wwebjsClientFactory(options: WwebjsClientFactoryOptions): ClientFactory {
  const load = options.load ?? (() => import('whatsapp-web.js'));
  const puppeteer = {
    executablePath: options.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
  };
  const saved = options.savedLogins;
  const authStrategy = saved ? savedLoginStrategy(options.dataDir, saved) : undefined;
  return async (sessionId) => {
    const wwebjs = wwebjsExports(await load());
    const clientId = safeSegment(sessionId);
    const client = new wwebjs.Client({
      authStrategy: authStrategy
        ? await authStrategy(wwebjs, sessionId, clientId)
        : new wwebjs.LocalAuth({ clientId, dataPath: join(options.dataDir, 'wwebjs-auth') }),
      puppeteer: { ...puppeteer },
    });
    // Type-checked: the real Client satisfies ClientLike once it can send files.
    const typed: ClientLike = Object.assign(client, {
      sendMedia: (chatId: string, media: MediaLike, sendOptions: MediaSendOptions) =>
        client.sendMessage(
          chatId,
          new wwebjs.MessageMedia(media.mimetype, media.data, media.filename ?? null),
          sendOptions,
        ),
    });
    return typed;
  };
}

/** Makes each session's SavedLoginAuth; the worker's folder of working copies is emptied once, at start. */
function savedLoginStrategy(dataDir: string, saved: SavedLogins) {
  const workDir = join(dataDir, 'wwebjs-work', safeSegment(saved.workerId));
  let ready: Promise<void> | undefined;
  const prepare = () =>
    (ready ??= (async () => {
      await rm(workDir, { recursive: true, force: true, maxRetries: 4 });
      await mkdir(workDir, { recursive: true, mode: 0o700 });
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    }));
  // At once: a crash's leftovers (plain profiles) should not wait for a session to start.
  prepare().catch((error: unknown) =>
    saved.logger?.warn({ err: error, workDir }, 'working copies not cleared'),
  );
  const warn = (error: unknown, message: string) => saved.logger?.warn({ err: error }, message);

  return async (wwebjs: WwebjsModule, sessionId: string, clientId: string): Promise<WAWebJS.AuthStrategy> => {
    if (typeof wwebjs.RemoteAuth !== 'function') throw new Error('whatsapp-web.js has no RemoteAuth');
    // Unknown, the login could not be sealed with the right key: the channel tries again later.
    const workspaceId = await saved.workspaceOf(sessionId);
    if (!workspaceId) throw new Error(`WhatsApp session ${sessionId} belongs to no known workspace yet`);
    await prepare();
    // A folder per client: a client still closing (a reconnect does not wait for it) removes its own
    // working copy, never the next one's.
    const dataPath = join(workDir, `${clientId}.${randomBytes(4).toString('hex')}`);
    await mkdir(dataPath, { mode: 0o700 });
    const store = new SavedLoginStore({
      archives: saved.archives,
      workspaceId,
      sessionId,
      dataPath,
      sessionName: `RemoteAuth-${clientId}`,
    });
    const remoteAuth = () =>
      new wwebjs.RemoteAuth({
        clientId,
        dataPath,
        store,
        backupSyncIntervalMs: saved.backupEveryMs ?? DEFAULT_BACKUP_EVERY_MS,
      }) as unknown as RemoteAuthLike;
    const imported = await importLocalAuthLogin({
      folder: join(dataDir, 'wwebjs-auth', localAuthFolder(clientId)),
      store,
      remoteAuth,
    });
    if (imported === 'imported') {
      saved.logger?.info(
        { sessionId },
        'WhatsApp login of an older version saved, sealed; its plain folder removed',
      );
    }
    // Type-checked: structurally an AuthStrategy (the Client only calls its methods).
    const strategy: WAWebJS.AuthStrategy = new SavedLoginAuth(remoteAuth(), {
      backupEveryMs: saved.backupEveryMs ?? DEFAULT_BACKUP_EVERY_MS,
      firstBackupAfterMs: saved.firstBackupAfterMs ?? FIRST_BACKUP_AFTER_MS,
      warn,
    });
    return strategy;
  };
}
