import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { EmailSettings } from '@atende/events';

/** What goes out: one e-mail of ours, with the headers that keep its thread. */
export interface OutgoingMail {
  /** Display name beside the account's address (the company's name). */
  fromName: string;
  to: readonly string[];
  cc: readonly string[];
  subject: string;
  text: string;
  /** `<id@domain>`: the same on every attempt, so a retried send is one message to the receiver. */
  messageId: string;
  /** Message-IDs of the thread it answers, oldest first; the last is the one it replies to. */
  references: readonly string[];
}

/** Implicit TLS (SMTPS) is spoken on this port; every other port starts plain and upgrades (STARTTLS). */
const SMTPS_PORT = 465;

/** nodemailer's options for the Email integration's SMTP Server, TLS mode and account. */
export function smtpTransportOptions(settings: EmailSettings): SMTPTransport.Options {
  const { host, port } = settings.smtp;
  const implicit = port === SMTPS_PORT && settings.tls !== 'off';
  return {
    host,
    port,
    secure: implicit,
    // auto: STARTTLS when the server offers it (nodemailer's default); on: refuse a server that does
    // not; off: never, not even when offered.
    requireTLS: settings.tls === 'on' && !implicit,
    ignoreTLS: settings.tls === 'off',
    auth: { user: settings.address, pass: settings.password },
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  };
}

/**
 * A send the SMTP server refused for good (login, recipients, content): retrying changes nothing.
 * `ofServer`: the card's settings are at fault (login, TLS), not this e-mail.
 */
export class SmtpRefusedError extends Error {
  readonly permanent = true;
  constructor(
    message: string,
    readonly ofServer = false,
  ) {
    super(message);
    this.name = 'SmtpRefusedError';
  }
}

/**
 * A send that may work later (server down, timeout, a 4xx answer): retried with backoff.
 * `ofServer`: the server itself could not be reached (not an answer about this e-mail).
 */
export class SmtpUnavailableError extends Error {
  constructor(
    message: string,
    readonly ofServer = false,
  ) {
    super(message);
    this.name = 'SmtpUnavailableError';
  }
}

/** Whether a send's failure says the card's SMTP server cannot be used (what the Email card shows). */
export function isSmtpServerProblem(error: unknown): error is Error {
  return (error instanceof SmtpRefusedError || error instanceof SmtpUnavailableError) && error.ofServer;
}

interface NodemailerError {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
}

/** Sends through the SMTP server; resolves with its answer (e.g. `250 OK`) once it accepted the e-mail. */
export async function sendThroughSmtp(settings: EmailSettings, mail: OutgoingMail): Promise<string> {
  const transport = nodemailer.createTransport(smtpTransportOptions(settings));
  try {
    const info = await transport.sendMail({
      from: { name: mail.fromName, address: settings.address },
      to: [...mail.to],
      cc: [...mail.cc],
      subject: mail.subject,
      text: mail.text,
      messageId: mail.messageId,
      ...(mail.references.length > 0
        ? { inReplyTo: mail.references.at(-1), references: [...mail.references] }
        : {}),
    });
    return info.response || '250';
  } catch (error) {
    throw smtpError(settings, error as NodemailerError);
  } finally {
    transport.close();
  }
}

/** The pt-BR reason people read on the e-mail, and whether to try again. */
export function smtpError(settings: EmailSettings, error: NodemailerError): Error {
  const where = `${settings.smtp.host}:${settings.smtp.port}`;
  const answer = (error.response ?? error.message ?? '').trim().slice(0, 300);
  if (error.code === 'EAUTH') {
    return new SmtpRefusedError(
      `O servidor SMTP recusou o login (verifique Email e Password): ${answer}`,
      true,
    );
  }
  if (error.responseCode !== undefined && error.responseCode >= 500) {
    return new SmtpRefusedError(`O servidor SMTP recusou o email: ${answer}`);
  }
  if (error.responseCode !== undefined && error.responseCode >= 400) {
    return new SmtpUnavailableError(`O servidor SMTP adiou o email: ${answer}`);
  }
  if (/STARTTLS/i.test(error.message ?? '') || error.code === 'ETLS') {
    return new SmtpRefusedError(`O servidor SMTP ${where} não oferece TLS (TLS = on): ${answer}`, true);
  }
  // The server itself could not be reached: what the Email card shows besides the e-mail.
  if (error.code === 'ETIMEDOUT')
    return new SmtpUnavailableError(`Tempo esgotado no servidor SMTP ${where}`, true);
  if (error.code === 'EDNS')
    return new SmtpUnavailableError(`Servidor SMTP não encontrado: ${settings.smtp.host}`, true);
  return new SmtpUnavailableError(`Servidor SMTP inacessível (${where}): ${answer}`, true);
}
