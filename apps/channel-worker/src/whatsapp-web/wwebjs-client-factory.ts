import { join } from 'node:path';
import type WAWebJS from 'whatsapp-web.js';
import type { ClientFactory, ClientLike } from './client-like.js';
import { safeSegment } from './safe-segment.js';

export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

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

export interface WwebjsClientFactoryOptions {
  /** Sessions are kept under `<dataDir>/wwebjs-auth` (LocalAuth, one folder per session). */
  dataDir: string;
  /** Default `/usr/bin/chromium`: whatsapp-web.js never downloads a browser here. */
  chromiumPath?: string;
  /** Extra Chromium flags, after `CHROMIUM_ARGS`. */
  extraArgs?: string[];
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
 * The real client factory: a whatsapp-web.js `Client` per session with `LocalAuth`
 * (`clientId` = the session id, made safe) and a headless system Chromium.
 */
export function wwebjsClientFactory(options: WwebjsClientFactoryOptions): ClientFactory {
  const load = options.load ?? (() => import('whatsapp-web.js'));
  return async (sessionId) => {
    const { Client, LocalAuth } = wwebjsExports(await load());
    const client = new Client({
      authStrategy: new LocalAuth({
        clientId: safeSegment(sessionId),
        dataPath: join(options.dataDir, 'wwebjs-auth'),
      }),
      puppeteer: {
        executablePath: options.chromiumPath ?? DEFAULT_CHROMIUM_PATH,
        headless: true,
        args: [...CHROMIUM_ARGS, ...(options.extraArgs ?? [])],
      },
    });
    // Type-checked: the real Client satisfies ClientLike as it is.
    const typed: ClientLike = client;
    return typed;
  };
}
