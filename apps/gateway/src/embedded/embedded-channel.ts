import path from 'node:path';
import type { Logger } from 'pino';
import type { AtendeConfig } from '@atende/config';
import type { Channel, EventStore, MediaStore } from '@atende/events';
import {
  SealedSessionArchives,
  SESSION_ARCHIVES_FILE,
  SqliteSessionArchiveStore,
  type DeploymentKeys,
} from '@atende/event-store';
import {
  SandboxChannel,
  SqliteSandboxStorage,
  WhatsAppWebChannel,
  WorkspaceMediaSink,
  sessionWorkspaceLookup,
  wwebjsClientFactory,
  type ConversationIdOf,
} from '@atende/channel-worker';
import type { DemoWorkspace } from '../bootstrap/ensure-demo-workspace.js';

export interface EmbeddedChannelOptions {
  config: AtendeConfig;
  /** False: no live WhatsApp channel (tests that drive sessions through the domain). */
  enabled: boolean;
  demo: DemoWorkspace;
  media: MediaStore;
  keys: DeploymentKeys;
  store: EventStore;
  logger: Logger;
  workspaceOfSession(sessionId: string): Promise<string | undefined>;
  /** Names a download's conversation (its customer's key): the bridge, once started. */
  conversationIdOf: ConversationIdOf;
}

export interface EmbeddedChannel {
  sandbox: SandboxChannel | undefined;
  sandboxStorage: SqliteSandboxStorage | undefined;
  sessionArchives: SealedSessionArchives | undefined;
  channel: Channel | undefined;
}

/** The embedded process's WhatsApp channel, as WHATSAPP_DRIVER chooses (none when not enabled). */
export function openEmbeddedChannel(options: EmbeddedChannelOptions): EmbeddedChannel {
  const { config, enabled, demo, media, keys, store, logger, workspaceOfSession, conversationIdOf } = options;
  // WhatsApp: the sandbox plays the customer's phone in embedded mode; its memory (pairings,
  // received messages) and the bridge's send checkpoint live in DATA_DIR, so a restart loses nothing.
  const sandboxStorage =
    config.whatsappDriver === 'sandbox' && enabled
      ? new SqliteSandboxStorage(path.join(config.dataDir, 'sandbox.db'))
      : undefined;
  const sandbox = sandboxStorage
    ? new SandboxChannel({
        paired: demo.sandboxSessionId ? [demo.sandboxSessionId] : [],
        storage: sandboxStorage,
        sendDelayMs: config.SANDBOX_SEND_DELAY_MS,
        // Customers' media: downloaded into the media store, never hot-linked.
        media: {
          sink: new WorkspaceMediaSink(media, workspaceOfSession, {
            conversationIdOf: conversationIdOf,
          }),
        },
      })
    : undefined;
  // WHATSAPP_DRIVER=wwebjs: real WhatsApp through whatsapp-web.js and the system's Chromium, its
  // logins saved in DATA_DIR/wwebjs-sessions.db sealed with their workspace's key (deleted with it).
  const sessionArchives =
    !sandbox && config.whatsappDriver === 'wwebjs' && enabled
      ? new SealedSessionArchives(
          new SqliteSessionArchiveStore(path.join(config.dataDir, SESSION_ARCHIVES_FILE)),
          keys.cipher,
          logger,
        )
      : undefined;
  const channel: Channel | undefined =
    sandbox ??
    (sessionArchives
      ? new WhatsAppWebChannel({
          dataDir: config.dataDir,
          createClient: wwebjsClientFactory({
            dataDir: config.dataDir,
            chromiumPath: config.CHROMIUM_PATH,
            savedLogins: {
              archives: sessionArchives,
              workspaceOf: sessionWorkspaceLookup({ store, workspaceOf: workspaceOfSession }),
              workerId: 'embedded',
              logger,
            },
          }),
          mediaSink: new WorkspaceMediaSink(media, workspaceOfSession, {
            conversationIdOf: conversationIdOf,
          }),
          logger,
        })
      : undefined);
  return { sandbox, sandboxStorage, sessionArchives, channel };
}
