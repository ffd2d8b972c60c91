import type { Logger } from 'pino';
import {
  DomainError,
  atendeRegistry,
  emailDecider,
  emailSettingsOf,
  handleCommand,
  loadAggregate,
  streams,
  workspaceDecider,
  type CheckpointStore,
  type EmailCommand,
  type EmailEvent,
  type EmailState,
  type EventSource,
  type ProcessorHost,
  type EventStore,
  type StoredEvent,
} from '@atende/events';
import { BridgeCheckpoint } from '../bridge/bridge-checkpoint.js';
import { followLog } from '../bridge/follow-log.js';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { PermanentJobError, type Job, type JobQueue, type JobQueueRules } from '../queue/job-queue.js';
import { reportEmailServerHealth } from './report-health.js';
import { isSmtpServerProblem, sendThroughSmtp, type OutgoingMail } from './smtp-send.js';
import type { EmailSettings } from '@atende/events';

/**
 * One e-mail to send. Only ids: the content stays in the log (sealed where it is), never in a queue
 * that another store (Redis) keeps.
 */
export interface EmailJob {
  workspaceId: string;
  emailId: string;
}

/** How often and how patiently a send is tried: a mail server down for minutes is retried for ≈10 min. */
export const EMAIL_SEND_RULES: JobQueueRules<EmailJob> = {
  attempts: 8,
  baseDelayMs: 5_000,
  maxDelayMs: 5 * 60_000,
  concurrency: 4,
  keyOf: (job) => job.workspaceId,
};

export interface EmailOutboxOptions {
  store: EventStore;
  logger: Logger;
  /** Where the outbox notes how far it followed the log (a restart resends what was unfinished). */
  checkpoints: CheckpointStore | undefined;
  consumer?: string;
  /** Default: in this process, with EMAIL_SEND_RULES. */
  queue?: JobQueue<EmailJob>;
  /**
   * The queue keeps its jobs across restarts and hosts (BullMQ): a request is done for the log's
   * checkpoint once queued, whoever runs it. Otherwise only once it is sent or given up.
   */
  durableQueue?: boolean;
  /** The log's pages from a position (default: the store's subscription; distributed: the bus). */
  source?: EventSource;
  /** The process's one consumer of the log, shared with its other processors (embedded mode). */
  host?: ProcessorHost;
  /** The SMTP client (default: nodemailer). */
  send?: (settings: EmailSettings, mail: OutgoingMail) => Promise<string>;
  /** Where a first start follows from (default: the log's end: nothing recorded before is sent). */
  startAtBeginning?: boolean;
}

export interface EmailOutbox {
  stop(): Promise<void>;
}

/** Whom a command of the channel is recorded as. */
const CHANNEL_ACTOR = 'email-channel';

/**
 * The e-mail channel's sending half: every e-mail of ours recorded with a Message-ID (EmailSent) is
 * handed to the SMTP server of its workspace's Email integration through the job queue (retries
 * with backoff), and its outcome recorded: EmailSendAccepted once the server took it, EmailSendFailed
 * when it refused it or every attempt failed. At least once: a crash between the server's answer
 * and its record sends it again, with the same Message-ID.
 */
export async function startEmailOutbox(options: EmailOutboxOptions): Promise<EmailOutbox> {
  const { store, logger } = options;
  const send = options.send ?? sendThroughSmtp;
  const deps = { store, registry: atendeRegistry };
  const checkpoint = await BridgeCheckpoint.start({
    store,
    checkpoints: options.checkpoints,
    consumer: options.consumer ?? 'email-outbox',
    logger,
    fromPosition: undefined,
    startAtBeginning: options.startAtBeginning,
  });
  const queue = options.queue ?? new InProcessQueue<EmailJob>(EMAIL_SEND_RULES);
  const abort = new AbortController();

  async function record(job: EmailJob, command: EmailCommand): Promise<void> {
    await handleCommand(deps, emailDecider, streams.email(job.emailId), command, {
      workspaceId: job.workspaceId,
      actorId: CHANNEL_ACTOR,
    });
  }

  async function run({ payload: job }: Job<EmailJob>): Promise<void> {
    const history = (await store.readStream<EmailEvent>(streams.email(job.emailId), {
      trusted: true,
    })) as StoredEvent<EmailEvent>[];
    let state: EmailState = emailDecider.initialState();
    for (const e of history) state = emailDecider.evolve(state, { type: e.type, data: e.data } as EmailEvent);
    // Deleted, or settled already (a redelivered request after a restart): nothing to send.
    if (state.status !== 'active' || state.email.delivery !== 'sending') return;
    const sent = history.find((e) => e.type === 'EmailSent');
    if (!sent || sent.type !== 'EmailSent' || !sent.data.messageId) return;
    const { state: workspace } = await loadAggregate(
      deps,
      workspaceDecider,
      streams.workspace(job.workspaceId),
    );
    if (workspace.status !== 'active') throw new PermanentJobError('Empresa não encontrada');
    const settings = emailSettingsOf(workspace.workspace.integrations.email?.config);
    if ('missing' in settings) throw new PermanentJobError(settings.missing);
    const response = await sendNoting(job.workspaceId, settings.settings, {
      fromName: workspace.workspace.name,
      to: sent.data.to,
      cc: sent.data.cc,
      subject: sent.data.subject,
      text: sent.data.content,
      messageId: sent.data.messageId,
      references: sent.data.references ?? [],
    });
    await record(job, { type: 'RecordEmailAccepted', data: { response } });
    logger.info({ emailId: job.emailId, workspaceId: job.workspaceId }, 'email accepted by the SMTP server');
  }

  /** Sends, noting on the Email card whether its SMTP server could be used (only changes are recorded). */
  async function sendNoting(
    workspaceId: string,
    settings: EmailSettings,
    mail: OutgoingMail,
  ): Promise<string> {
    try {
      const response = await send(settings, mail);
      await reportEmailServerHealth(store, logger, workspaceId, 'smtp', null);
      return response;
    } catch (error) {
      if (isSmtpServerProblem(error)) {
        await reportEmailServerHealth(store, logger, workspaceId, 'smtp', error.message);
      }
      throw error;
    }
  }

  queue.process(run);
  queue.onCompleted((job) => checkpoint.finish(job.id));
  queue.onFailed(async (job, error) => {
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn({ emailId: job.payload.emailId, attempts: job.attempt, reason }, 'email not sent');
    try {
      await record(job.payload, {
        type: 'RecordEmailFailed',
        data: { error: reason, attempts: job.attempt },
      });
    } catch (recordError) {
      // Not recorded (the log unreachable): the request stays open, so a restart tries it again.
      // A refusal of the domain (deleted meanwhile) leaves nothing to note it on.
      if (!(recordError instanceof DomainError)) {
        logger.error({ err: recordError, emailId: job.payload.emailId }, 'email failure not recorded');
        return;
      }
    }
    checkpoint.finish(job.id);
  });

  async function onEvent(event: StoredEvent): Promise<void> {
    if (event.type !== 'EmailSent') return;
    const data = event.data as { emailId: string; messageId?: string };
    // Recorded before the e-mail channel existed: never sent then, not sent now either.
    if (!data.messageId) return;
    checkpoint.begin(data.emailId, event.globalPosition);
    const added = await queue.add(data.emailId, {
      workspaceId: event.metadata.workspaceId,
      emailId: data.emailId,
    });
    if (!added || options.durableQueue) checkpoint.finishAt(data.emailId, event.globalPosition);
  }

  const following = followLog({
    store,
    source: options.source,
    host: options.host,
    name: 'email outbox',
    logger,
    checkpoint,
    signal: abort.signal,
    handle: onEvent,
  });

  return {
    async stop() {
      if (abort.signal.aborted) return;
      abort.abort();
      await following;
      await queue.close();
      await checkpoint.stop();
    },
  };
}
