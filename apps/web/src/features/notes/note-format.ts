/** Spec §5: the reminder prompt's format and its error text. */
export const REMINDER_FORMAT = 'YYYY-MM-DD HH:MM';
export const INVALID_REMINDER_TEXT = 'Data inválida. Use o formato YYYY-MM-DD HH:MM';

/** Spec §5: tags are split on commas and trimmed (blank ones and repeats dropped). */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of text.split(',').map((t) => t.trim())) {
    const key = tag.toLocaleLowerCase('pt-BR');
    if (tag && !seen.has(key)) {
      seen.add(key);
      tags.push(tag);
    }
  }
  return tags;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A local wall-clock time (this browser's timezone) as an ISO instant, or null when it does not exist. */
function localInstant(year: number, month: number, day: number, hour: number, minute: number): string | null {
  if (hour > 23 || minute > 59) return null;
  const at = new Date(year, month - 1, day, hour, minute);
  if (at.getFullYear() !== year || at.getMonth() !== month - 1 || at.getDate() !== day) return null;
  return at.toISOString();
}

const PROMPT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;
const DATETIME_LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

function read(pattern: RegExp, text: string): string | null {
  const match = pattern.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return localInstant(year, month, day, hour, minute);
}

/**
 * The reminder prompt's 'YYYY-MM-DD HH:MM', read as the user's own (browser) time, as an ISO
 * instant; null for anything else, impossible dates included ('Data inválida…').
 */
export const parseReminderPrompt = (text: string): string | null => read(PROMPT, text);

/** A datetime-local field's 'YYYY-MM-DDTHH:MM' as an ISO instant ('' or invalid: null). */
export const fromDateTimeLocal = (value: string): string | null => read(DATETIME_LOCAL, value);

function localParts(iso: string): [string, string] | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  return [
    `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
    `${pad(at.getHours())}:${pad(at.getMinutes())}`,
  ];
}

/** An ISO instant as the prompt's 'YYYY-MM-DD HH:MM' in the browser's time ('' when missing). */
export function toReminderPrompt(iso: string | null | undefined): string {
  const parts = iso ? localParts(iso) : null;
  return parts ? `${parts[0]} ${parts[1]}` : '';
}

/** An ISO instant as a datetime-local value ('' when missing). */
export function toDateTimeLocal(iso: string | null | undefined): string {
  const parts = iso ? localParts(iso) : null;
  return parts ? `${parts[0]}T${parts[1]}` : '';
}

const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' });

/** Spec §9: dates in pt-BR (dd/mm/aaaa hh:mm). */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : dateTime.format(at);
}

/** Lower-case text without accents, for searching. */
export function searchKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-BR');
}
