import { createHash } from 'node:crypto';
import { ImapFlow, type ImapFlowOptions } from 'imapflow';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Logger } from 'pino';
import {
  EMAIL_ATTACHMENTS_MAX,
  type CheckpointStore,
  type EmailAttachment,
  type EmailCommand,
  type EmailSettings,
  type MediaStore,
} from '@atende/events';
import { backoffDelay } from '../queue/backoff.js';
import { emailMediaFolder } from './email-media-folder.js';

/** A mail read from the mailbox, as ReceiveEmail takes it (with the id it is recorded under). */
export type ReceivedMail = Extract<EmailCommand, { type: 'ReceiveEmail' }>['data'];

export interface ImapMailboxOptions {
  workspaceId: string;
  settings: EmailSettings & { imap: NonNullable<EmailSettings['imap']> };
  /** Where the last UID read is kept per UIDVALIDITY (a restart reads only what came after). */
  checkpoints: CheckpointStore | undefined;
  /** Records one mail; a mail recorded before is a no-op (its id is derived from its Message-ID). */
  record(mail: ReceivedMail): Promise<void>;
  /** Where its files are kept (sealed with the workspace's key where the store seals). */
  media: MediaStore | undefined;
  /** Told when the server becomes unreachable (why, in pt-BR) or reachable (null); not on every retry. */
  onHealth?(error: string | null): Promise<void>;
  logger: Logger;
  /** Polled this often besides IDLE (a server or a proxy that drops IDLE); default 60 s. */
  pollMs?: number;
  /** At the first read of a mailbox, only its latest mails are brought in; default 200. */
  firstImport?: number;
}

/** Implicit TLS (IMAPS) is spoken on this port; every other port starts plain and may upgrade. */
const IMAPS_PORT = 993;
const RECONNECT = { baseDelayMs: 1_000, maxDelayMs: 60_000, jitter: 0.2 };

/** imapflow's options for the Email integration's IMAP Server, TLS mode and account. */
export function imapOptions(settings: ImapMailboxOptions['settings']): ImapFlowOptions {
  const { host, port } = settings.imap;
  const implicit = port === IMAPS_PORT && settings.tls !== 'off';
  return {
    host,
    port,
    secure: implicit,
    // auto: STARTTLS when offered; on: required (fails otherwise); off: never.
    ...(implicit
      ? {}
      : settings.tls === 'on'
        ? { doSTARTTLS: true }
        : settings.tls === 'off'
          ? { doSTARTTLS: false }
          : {}),
    auth: { user: settings.address, pass: settings.password },
    // IDLE a second after each read (imapflow waits 15 s by default): new mail shows at once.
    autoIdleDelay: 1_000,
    logger: false,
  };
}

/** The id a received mail is recorded under: the same mail read twice (a reconnect, two workers) is one. */
export function receivedEmailId(workspaceId: string, key: string): string {
  return `em_${createHash('sha256').update(`${workspaceId}\u0000${key}`).digest('hex').slice(0, 24)}`;
}

/** A file larger than this is left on the mail server (the e-mail notes it has attachments). */
const ATTACHMENT_MAX_BYTES = 25 * 1024 * 1024;

/** Keeps the mail's files in the media store, as ReceiveEmail lists them (a retried read replaces them). */
export async function storeAttachments(
  media: MediaStore,
  workspaceId: string,
  emailId: string,
  parsed: ParsedMail,
): Promise<EmailAttachment[]> {
  const kept: EmailAttachment[] = [];
  for (const [index, file] of parsed.attachments.slice(0, EMAIL_ATTACHMENTS_MAX).entries()) {
    if (file.content.length > ATTACHMENT_MAX_BYTES) continue;
    const extension = /\.([A-Za-z0-9]{1,10})$/.exec(file.filename ?? '')?.[1]?.toLowerCase() ?? 'bin';
    const mediaId = `${emailMediaFolder(workspaceId)}/${emailId}-${index}.${extension}`;
    const contentType = file.contentType || 'application/octet-stream';
    await media.put(workspaceId, mediaId, file.content, contentType);
    kept.push({
      mediaId,
      filename: (file.filename ?? `anexo-${index + 1}.${extension}`).slice(0, 255),
      contentType: contentType.slice(0, 255),
      size: file.content.length,
    });
  }
  return kept;
}

const addressesOf = (field: AddressObject | AddressObject[] | undefined): string[] =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) =>
    group.value.map((a) => a.address ?? '').filter(Boolean),
  );

const PRIORITIES = { high: 'high', normal: 'medium', low: 'low' } as const;
/** mailparser combines Priority, X-Priority and Importance into the `priority` header. */
function priorityOf(parsed: ParsedMail): keyof typeof PRIORITIES {
  const value = parsed.headers.get('priority');
  return value === 'high' || value === 'low' ? value : 'normal';
}

/** A parsed mail as ReceiveEmail takes it; HTML-only mails come as mailparser's text rendering. */
export function receivedMail(
  workspaceId: string,
  parsed: ParsedMail,
  fallbackKey: string,
  arrivedAt: Date,
): ReceivedMail {
  const references = [
    ...(Array.isArray(parsed.references) ? parsed.references : parsed.references ? [parsed.references] : []),
  ];
  if (parsed.inReplyTo && !references.includes(parsed.inReplyTo)) references.push(parsed.inReplyTo);
  return {
    emailId: receivedEmailId(workspaceId, parsed.messageId ?? fallbackKey),
    sender: parsed.from?.text || 'remetente desconhecido',
    subject: parsed.subject ?? null,
    content: parsed.text ?? null,
    priority: PRIORITIES[priorityOf(parsed)],
    hasAttachments: parsed.attachments.length > 0,
    receivedAt: (parsed.date ?? arrivedAt).toISOString(),
    messageId: parsed.messageId ?? null,
    to: addressesOf(parsed.to),
    cc: addressesOf(parsed.cc),
    references,
  };
}

/**
 * One workspace's INBOX on its IMAP server: new mails are read as they arrive (IDLE, with a poll as
 * fallback), each recorded once, and the last UID read kept so a restart goes on from there. A
 * connection that fails or drops is tried again with backoff (1 s → 60 s), never crashing anything.
 */
export class ImapMailbox {
  private stopped = false;
  private client: ImapFlow | undefined;
  private wake: (() => void) | undefined;
  private running: Promise<void> | undefined;
  /** The last failure, for whoever shows the mailbox's state (undefined while it reads fine). */
  lastError: string | undefined;
  /** Whether a first state was told. */
  private reported = false;

  constructor(private readonly options: ImapMailboxOptions) {}

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    this.client?.close();
    await this.running;
  }

  private async run(): Promise<void> {
    const { logger, workspaceId } = this.options;
    for (let failures = 0; !this.stopped;) {
      const client = new ImapFlow(imapOptions(this.options.settings));
      this.client = client;
      // An error event without a listener would throw; the loop below sees the connection close.
      client.on('error', () => undefined);
      try {
        await client.connect();
        await client.mailboxOpen('INBOX');
        failures = 0;
        await this.health(undefined);
        const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
        client.on('exists', () => this.wake?.());
        while (!this.stopped && client.usable) {
          await this.read(client);
          await Promise.race([closed, this.pause(this.options.pollMs ?? 60_000)]);
        }
      } catch (error) {
        failures += 1;
        const { host, port } = this.options.settings.imap;
        await this.health(`Servidor IMAP inacessível (${host}:${port}): ${(error as Error).message}`);
        logger.warn({ workspaceId, err: error }, 'email mailbox: not read (trying again)');
      } finally {
        await client.logout().catch(() => client.close());
      }
      if (!this.stopped) await this.pause(backoffDelay(Math.max(1, failures), RECONNECT));
    }
  }

  /** Notes the mailbox's state; a change is told to `onHealth` (a retry failing alike is not). */
  private async health(error: string | undefined): Promise<void> {
    const changed = !this.reported || this.lastError !== error;
    this.lastError = error;
    this.reported = true;
    if (changed) await this.options.onHealth?.(error ?? null);
  }

  /** Waits `ms`, or less when a new mail is announced or the mailbox stops. */
  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (this.wake === done) this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }

  /** Reads the mails after the last UID read (only the latest `firstImport` at a first read). */
  private async read(client: ImapFlow): Promise<void> {
    const { workspaceId, checkpoints } = this.options;
    const lock = await client.getMailboxLock('INBOX');
    try {
      const mailbox = client.mailbox;
      if (!mailbox || mailbox.exists === 0) return;
      const key = `email-inbox:${workspaceId}:${mailbox.uidValidity}`;
      let last = await checkpoints?.load(key);
      last ??= Math.max(0, mailbox.uidNext - 1 - (this.options.firstImport ?? 200));
      for await (const message of client.fetch(
        `${last + 1}:*`,
        { uid: true, source: true, internalDate: true },
        { uid: true },
      )) {
        // `n:*` names the last mail even when no UID reaches n.
        if (message.uid <= last || !message.source) continue;
        const parsed = await simpleParser(message.source);
        const arrivedAt = message.internalDate instanceof Date ? message.internalDate : new Date();
        const fallbackKey = `${this.options.settings.address}:${key}:${message.uid}`;
        const mail = receivedMail(workspaceId, parsed, fallbackKey, arrivedAt);
        if (this.options.media && parsed.attachments.length > 0) {
          mail.attachments = await storeAttachments(this.options.media, workspaceId, mail.emailId, parsed);
        }
        await this.options.record(mail);
        last = message.uid;
        await checkpoints?.save(key, last);
      }
    } finally {
      lock.release();
    }
  }
}
