import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ImapFlow } from 'imapflow';
import { simpleParser } from 'mailparser';
import nodemailer from 'nodemailer';
import { freePort } from '@atende/events/testing';

/** Where scripts/mail/install-greenmail.sh puts the jar. */
export const GREENMAIL_JAR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../../.tmp/greenmail/greenmail-standalone.jar',
);

export interface MailAccount {
  address: string;
  password: string;
}

/** A GreenMail standalone server on loopback: SMTP and IMAP, plain, with login required. */
export interface GreenMail {
  smtpPort: number;
  imapPort: number;
  stop(): Promise<void>;
}

/** The Email card's settings for sending as `account` through this server (plain SMTP on loopback). */
export function emailCardConfig(mail: GreenMail, account: MailAccount): Record<string, string> {
  return {
    'SMTP Server': `127.0.0.1:${mail.smtpPort}`,
    Email: account.address,
    Password: account.password,
    TLS: 'auto',
  };
}

/** Whether the jar is there; without it a suite skips, unless REQUIRE_INFRA=1 (CI) makes it fail. */
export function greenMailAvailable(): boolean {
  if (existsSync(GREENMAIL_JAR)) return true;
  if (process.env.REQUIRE_INFRA === '1') {
    throw new Error(`GreenMail missing (${GREENMAIL_JAR}): run bash scripts/mail/install-greenmail.sh`);
  }
  return false;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

function greenMailUser({ address, password }: MailAccount): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}:${password}${address.slice(at)}`;
}

/** Starts GreenMail with these accounts (login = the full address) and waits until both ports answer. */
export async function startGreenMail(
  accounts: readonly MailAccount[],
  ports?: { smtpPort: number; imapPort: number },
): Promise<GreenMail> {
  const smtpPort = ports?.smtpPort ?? (await freePort());
  const imapPort = ports?.imapPort ?? (await freePort());
  const child: ChildProcess = spawn(
    'java',
    [
      '-Xmx128m',
      `-Dgreenmail.smtp.port=${smtpPort}`,
      '-Dgreenmail.smtp.hostname=127.0.0.1',
      `-Dgreenmail.imap.port=${imapPort}`,
      '-Dgreenmail.imap.hostname=127.0.0.1',
      // `local:password@domain` each; the login is then the whole address (users.login=email).
      `-Dgreenmail.users=${accounts.map(greenMailUser).join(',')}`,
      '-Dgreenmail.users.login=email',
      '-Dgreenmail.auth.disabled=false',
      '-jar',
      GREENMAIL_JAR,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 30_000;
  while (!((await accepts(smtpPort)) && (await accepts(imapPort)))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`GreenMail did not start: ${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    smtpPort,
    imapPort,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(force);
    },
  };
}

/** What a mail client sends (nodemailer's message fields). */
export type MailMessage = Parameters<ReturnType<typeof nodemailer.createTransport>['sendMail']>[0];

/** Delivers a message through the server's SMTP, as any mail client would (a customer writing in). */
export async function deliver(mail: GreenMail, message: MailMessage): Promise<void> {
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port: mail.smtpPort, secure: false });
  try {
    await transport.sendMail(message);
  } finally {
    transport.close();
  }
}

/** Runs `work` on an account's INBOX over IMAP (plain, on loopback), the mailbox locked meanwhile. */
async function withInbox<T>(
  mail: GreenMail,
  account: MailAccount,
  work: (client: ImapFlow) => Promise<T>,
): Promise<T> {
  const client = new ImapFlow({
    host: '127.0.0.1',
    port: mail.imapPort,
    secure: false,
    auth: { user: account.address, pass: account.password },
    logger: false,
  });
  await client.connect();
  try {
    const lock = await client.getMailboxLock('INBOX');
    try {
      return await work(client);
    } finally {
      lock.release();
    }
  } finally {
    await client.logout();
  }
}

/** Deletes every message of an account's INBOX (a suite's tests start from an empty mailbox). */
export async function emptyMailbox(mail: GreenMail, account: MailAccount): Promise<void> {
  await withInbox(mail, account, async (client) => {
    if (client.mailbox && client.mailbox.exists > 0) await client.messageDelete('1:*');
  });
}

/** A message as a mailbox holds it, parsed. */
export interface DeliveredMail {
  subject: string | undefined;
  from: string | undefined;
  to: string | undefined;
  messageId: string | undefined;
  inReplyTo: string | undefined;
  references: string | string[] | undefined;
  text: string | undefined;
}

/** An account's INBOX on the server, read over IMAP: sender, recipients, subject, thread and text of each message. */
export async function readMailbox(mail: GreenMail, account: MailAccount): Promise<DeliveredMail[]> {
  return withInbox(mail, account, async (client) => {
    const found: DeliveredMail[] = [];
    if (!client.mailbox || client.mailbox.exists === 0) return found;
    for await (const message of client.fetch('1:*', { source: true }, { uid: false })) {
      const parsed = await simpleParser(message.source!);
      found.push({
        subject: parsed.subject,
        from: parsed.from?.text,
        to: parsed.to && !Array.isArray(parsed.to) ? parsed.to.text : undefined,
        messageId: parsed.messageId,
        inReplyTo: parsed.inReplyTo,
        references: parsed.references,
        text: parsed.text?.trim(),
      });
    }
    return found;
  });
}
