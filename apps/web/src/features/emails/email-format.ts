import type { Email, EmailKind, EmailPriority } from './emails-api';

/** The labels of the priority select and badges (spec §2: Baixa/Média/Alta). */
export const PRIORITY_LABELS: Record<EmailPriority, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
};

/** The select's order. */
export const PRIORITY_OPTIONS: readonly EmailPriority[] = ['low', 'medium', 'high'];

export const DEFAULT_PRIORITY: EmailPriority = 'medium';

/** Who the e-mail is from, as people read it. */
export const senderLabelOf = (email: Pick<Email, 'sender' | 'senderName'>): string =>
  email.senderName?.trim() || email.sender;

/** The bare address of 'Nome <nome@x.com>' (or the text itself when it has no brackets). */
export function addressOf(sender: string): string {
  const match = /<([^<>]+)>/.exec(sender);
  return (match ? match[1]! : sender).trim();
}

const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeStyle: 'short' });

/** The e-mail's date in pt-BR, e.g. '10 de março de 2026 às 09:00'; '' for an invalid time. */
export function formatEmailDate(timestamp: string): string {
  const ms = Date.parse(timestamp);
  return Number.isNaN(ms) ? '' : dateTimeFormat.format(ms);
}

/** Spec §5: an e-mail is sent only when Para, Assunto and Conteúdo are all filled in. */
export const isComplete = (draft: { to: string; subject: string; content: string }): boolean =>
  draft.to.trim() !== '' && draft.subject.trim() !== '' && draft.content.trim() !== '';

/** The compose form's fields and what they answer. */
export interface EmailDraft {
  to: string;
  /** Shown only for 'Responder com cópia'. */
  cc: string;
  showCc: boolean;
  subject: string;
  content: string;
  priority: EmailPriority;
  kind: EmailKind;
  /** The e-mail replied to or forwarded. */
  inReplyTo: string | null;
}

export const newDraft = (): EmailDraft => ({
  to: '',
  cc: '',
  showCc: false,
  subject: '',
  content: '',
  priority: DEFAULT_PRIORITY,
  kind: 'new',
  inReplyTo: null,
});

/** 'Re: Assunto' (not 'Re: Re: Assunto'). */
export const replySubject = (subject: string): string =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/** 'Fwd: Assunto' (not 'Fwd: Fwd: Assunto'). */
export const forwardSubject = (subject: string): string =>
  /^(fwd?|enc):/i.test(subject.trim()) ? subject.trim() : `Fwd: ${subject.trim()}`;

/** Every line prefixed with '> '. */
export const quoteLines = (content: string): string =>
  content
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');

/** Who a reply goes to: the sender of a received e-mail; the recipients of one we sent. */
function replyAddresses(email: Email): string[] {
  if (email.direction === 'sent') return [...email.to];
  return [addressOf(email.sender)];
}

const unique = (addresses: string[], except: string[]): string[] => {
  const seen = new Set(except.map((a) => a.toLowerCase()));
  const out: string[] = [];
  for (const address of addresses.map((a) => addressOf(a)).filter(Boolean)) {
    const key = address.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      out.push(address);
    }
  }
  return out;
};

/** 'Responder' or 'Responder com cópia': Para = the sender, Assunto 'Re: …', the original quoted. */
export function replyDraft(email: Email, withCopy: boolean): EmailDraft {
  const to = replyAddresses(email);
  const cc = withCopy ? unique([...email.cc], to) : [];
  const header = `Em ${formatEmailDate(email.timestamp)}, ${senderLabelOf(email)} escreveu:`;
  return {
    to: to.join(', '),
    cc: cc.join(', '),
    showCc: withCopy,
    subject: replySubject(email.subject),
    content: `\n\n${header}\n${quoteLines(email.content)}`,
    priority: DEFAULT_PRIORITY,
    kind: withCopy ? 'reply_all' : 'reply',
    inReplyTo: email.id,
  };
}

/** 'Encaminhar': Para empty, Assunto 'Fwd: …', the original quoted under its header. */
export function forwardDraft(email: Email): EmailDraft {
  const header = [
    '---------- Mensagem encaminhada ----------',
    `De: ${senderLabelOf(email)}`,
    `Data: ${formatEmailDate(email.timestamp)}`,
    `Assunto: ${email.subject}`,
    ...(email.to.length > 0 ? [`Para: ${email.to.join(', ')}`] : []),
  ].join('\n');
  return {
    to: '',
    cc: '',
    showCc: false,
    subject: forwardSubject(email.subject),
    content: `\n\n${header}\n\n${quoteLines(email.content)}`,
    priority: DEFAULT_PRIORITY,
    kind: 'forward',
    inReplyTo: email.id,
  };
}

/** The compose dialog's title for each kind. */
export const COMPOSE_TITLES: Record<EmailKind, string> = {
  new: 'Novo email',
  reply: 'Responder email',
  reply_all: 'Responder com cópia',
  forward: 'Encaminhar email',
};

/** A file's size as people read it in pt-BR: "820 B", "12,5 KB", "3,2 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${units[unit]}`;
}
