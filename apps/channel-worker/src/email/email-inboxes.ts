import type { Logger } from 'pino';
import {
  atendeRegistry,
  emailDecider,
  emailSettingsOf,
  handleCommand,
  loadAggregate,
  streams,
  workspaceDecider,
  type CheckpointStore,
  type EventSource,
  type ProcessorHost,
  type EventStore,
  type MediaStore,
  type StoredEvent,
} from '@atende/events';
import { BridgeCheckpoint } from '../bridge/bridge-checkpoint.js';
import { followLog } from '../bridge/follow-log.js';
import { emailMediaFolder } from './email-media-folder.js';
import type { ImapMailbox, ReceivedMail } from './imap-mailbox.js';
import { reportEmailServerHealth } from './report-health.js';

export interface EmailInboxesOptions {
  store: EventStore;
  logger: Logger;
  /** Where each mailbox keeps the last UID it read. */
  checkpoints: CheckpointStore | undefined;
  /** Where the mails' files are kept (none: only noted as attachments). */
  media: MediaStore | undefined;
  /**
   * The workspaces whose Email card is connected, as of log position `asOf` (read models: the
   * workspaces projection's list and its checkpoint); changes after it are followed in the log.
   */
  connected(): Promise<{ workspaceIds: string[]; asOf: number }>;
  /** The log's pages from a position (default: the store's subscription; distributed: the bus). */
  source?: EventSource;
  /** The process's one consumer of the log, shared with its other processors (embedded mode). */
  host?: ProcessorHost;
  /** See ImapMailboxOptions.pollMs. */
  pollMs?: number;
}

export interface EmailInboxes {
  /** The mailbox a workspace reads now (tests, and the Email card's state). */
  mailboxOf(workspaceId: string): ImapMailbox | undefined;
  stop(): Promise<void>;
}

const CHANNEL_ACTOR = 'email-channel';

/**
 * The e-mail channel's receiving half: one ImapMailbox per workspace whose Email card names an IMAP
 * Server, started for the cards connected at start and started, restarted or stopped as cards are
 * saved, disconnected or their workspace deleted. Each mail is recorded as EmailReceived under an id
 * derived from its Message-ID, so a mail read twice is one e-mail.
 */
export async function startEmailInboxes(options: EmailInboxesOptions): Promise<EmailInboxes> {
  const { store, logger } = options;
  const deps = { store, registry: atendeRegistry };
  const mailboxes = new Map<string, ImapMailbox>();
  /** Per workspace, its changes one after the other (a card saved twice quickly). */
  const changes = new Map<string, Promise<void>>();
  const abort = new AbortController();

  const record = (workspaceId: string) => async (mail: ReceivedMail) => {
    await handleCommand(
      deps,
      emailDecider,
      streams.email(mail.emailId),
      { type: 'ReceiveEmail', data: mail },
      { workspaceId, actorId: CHANNEL_ACTOR },
    );
  };

  async function restart(workspaceId: string): Promise<void> {
    await mailboxes.get(workspaceId)?.stop();
    mailboxes.delete(workspaceId);
    if (abort.signal.aborted) return;
    const { state } = await loadAggregate(deps, workspaceDecider, streams.workspace(workspaceId));
    if (state.status !== 'active') return;
    const found = emailSettingsOf(state.workspace.integrations.email?.config);
    if ('missing' in found || !found.settings.imap) return;
    // The IMAP client and the mail parser are loaded once a card names a server (≈20 MB of modules).
    const { ImapMailbox } = await import('./imap-mailbox.js');
    if (abort.signal.aborted) return;
    const mailbox = new ImapMailbox({
      workspaceId,
      settings: { ...found.settings, imap: found.settings.imap },
      checkpoints: options.checkpoints,
      media: options.media,
      record: record(workspaceId),
      onHealth: (error) => reportEmailServerHealth(store, logger, workspaceId, 'imap', error),
      logger,
      ...(options.pollMs !== undefined ? { pollMs: options.pollMs } : {}),
    });
    mailboxes.set(workspaceId, mailbox);
    mailbox.start();
  }

  function change(workspaceId: string): Promise<void> {
    const next = (changes.get(workspaceId) ?? Promise.resolve())
      .then(() => restart(workspaceId))
      .catch((error: unknown) => logger.error({ err: error, workspaceId }, 'email mailbox not (re)started'));
    changes.set(workspaceId, next);
    return next;
  }

  async function onEvent(event: StoredEvent): Promise<void> {
    const data = event.data as { integrationType?: string };
    const cardChanged =
      (event.type === 'IntegrationConfigured' || event.type === 'IntegrationDisconnected') &&
      data.integrationType === 'email';
    if (cardChanged) void change(event.metadata.workspaceId);
    if (event.type === 'WorkspaceDataDeleted') {
      const workspaceId = event.metadata.workspaceId;
      await change(workspaceId); // its mailbox stops (the workspace is no longer active)
      // The files its mails brought in go with it (the bridge deletes the channel sessions' folders).
      await options.media?.deleteWorkspace(workspaceId, [emailMediaFolder(workspaceId)]);
    }
  }

  const { workspaceIds, asOf } = await options.connected();
  for (const workspaceId of workspaceIds) void change(workspaceId);
  // Not kept between runs: each start lists the connected cards again.
  const checkpoint = await BridgeCheckpoint.start({
    store,
    checkpoints: undefined,
    consumer: 'email-inboxes',
    logger,
    fromPosition: asOf + 1,
    startAtBeginning: undefined,
  });
  const following = followLog({
    store,
    source: options.source,
    host: options.host,
    name: 'email inboxes',
    logger,
    checkpoint,
    signal: abort.signal,
    handle: onEvent,
  });

  return {
    mailboxOf: (workspaceId) => mailboxes.get(workspaceId),
    async stop() {
      if (abort.signal.aborted) return;
      abort.abort();
      await following;
      await Promise.all(changes.values());
      await Promise.all([...mailboxes.values()].map((m) => m.stop()));
      mailboxes.clear();
    },
  };
}
