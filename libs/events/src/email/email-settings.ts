import { DomainError } from '../core/errors.js';
import { isValidEmailAddress } from './addresses.js';

/** How the e-mail channel secures its connections (the Email integration's `TLS` field). */
export const emailTlsModes = ['auto', 'on', 'off'] as const;
export type EmailTlsMode = (typeof emailTlsModes)[number];

export const SMTP_DEFAULT_PORT = 587;
export const IMAP_DEFAULT_PORT = 993;

export interface MailServer {
  host: string;
  port: number;
}

/** The Email integration's settings, read from its config (secrets in full: only the channel sees them). */
export interface EmailSettings {
  smtp: MailServer;
  /** Where mail is received; undefined: the workspace only sends. */
  imap: MailServer | undefined;
  /** `auto`: STARTTLS when the server offers it; `on`: TLS required; `off`: never. */
  tls: EmailTlsMode;
  /** The account: the sender's address and the login of both servers. */
  address: string;
  password: string;
}

const HOST =
  /^(?=.{1,253}$)[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,62}[A-Za-z0-9])?)*$/;
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** `host` or `host:port` (the default port when none is given); undefined when it is neither. */
export function parseMailServer(value: string, defaultPort: number): MailServer | undefined {
  const match = /^([^:\s]+)(?::(\d{1,5}))?$/.exec(value.trim());
  if (!match) return undefined;
  const host = match[1]!;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (!(HOST.test(host) || IPV4.test(host)) || port < 1 || port > 65535) return undefined;
  return { host: host.toLowerCase(), port };
}

function tlsModeOf(value: string | undefined): EmailTlsMode | undefined {
  const mode = (value ?? 'auto').trim().toLowerCase() || 'auto';
  return (emailTlsModes as readonly string[]).includes(mode) ? (mode as EmailTlsMode) : undefined;
}

/**
 * Refuses, with the field's name, what the e-mail channel could not use: a server that is not
 * `host` or `host:port`, an invalid address, a TLS mode other than auto/on/off. Fields left blank
 * are allowed (the card may be filled in steps); `emailSettingsOf` says whether it can send.
 */
export function checkEmailConfig(config: Readonly<Record<string, string>>): void {
  const bad = (label: string, hint: string) => {
    throw new DomainError('INTEGRATION_FIELD_INVALID', `Valor inválido para ${label}: ${hint}`);
  };
  const smtp = config['SMTP Server'];
  if (smtp && !parseMailServer(smtp, SMTP_DEFAULT_PORT)) bad('SMTP Server', 'use host ou host:porta');
  const imap = config['IMAP Server'];
  if (imap && !parseMailServer(imap, IMAP_DEFAULT_PORT)) bad('IMAP Server', 'use host ou host:porta');
  const address = config['Email'];
  if (address && !isValidEmailAddress(address)) bad('Email', 'informe um endereço de email');
  if (!tlsModeOf(config['TLS'])) bad('TLS', 'use auto, on ou off');
}

/** The settings the channel sends and receives with, or the pt-BR reason it cannot. */
export function emailSettingsOf(
  config: Readonly<Record<string, string>> | undefined,
): { settings: EmailSettings } | { missing: string } {
  const smtp = config?.['SMTP Server']
    ? parseMailServer(config['SMTP Server'], SMTP_DEFAULT_PORT)
    : undefined;
  const address = config?.['Email'];
  const password = config?.['Password'];
  if (!config || !smtp || !address || !isValidEmailAddress(address) || !password) {
    return { missing: EMAIL_NOT_CONFIGURED_MESSAGE };
  }
  const imap = config['IMAP Server'] ? parseMailServer(config['IMAP Server'], IMAP_DEFAULT_PORT) : undefined;
  return { settings: { smtp, imap, tls: tlsModeOf(config['TLS']) ?? 'auto', address, password } };
}

export const EMAIL_NOT_CONFIGURED_MESSAGE =
  'Integração de Email não configurada: informe SMTP Server, Email e Password em Integrações';
