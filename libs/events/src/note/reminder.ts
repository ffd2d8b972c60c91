import { DomainError } from '../core/errors.js';

export const INVALID_REMINDER_MESSAGE = 'Data inválida. Use o formato YYYY-MM-DD HH:MM';

const PROMPT_FORMAT = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2})$/;

function invalid(): DomainError {
  return new DomainError('NOTE_REMINDER_INVALID', INVALID_REMINDER_MESSAGE);
}

/** Offset in minutes of `timeZone` from UTC at the given instant. */
function offsetMinutes(timeZone: string, at: Date): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(
    get('year'),
    get('month') - 1,
    get('day'),
    get('hour'),
    get('minute'),
    get('second'),
  );
  return Math.round((asUtc - at.getTime()) / 60000);
}

/**
 * Reads the reminder prompt's 'YYYY-MM-DD HH:MM' as a wall-clock time in `timeZone`
 * (default America/Sao_Paulo, the spec's default) and returns the ISO instant.
 * Throws the spec's 'Data inválida…' error for anything else, including impossible dates.
 */
export function parseReminderInput(text: string, timeZone = 'America/Sao_Paulo'): string {
  const match = PROMPT_FORMAT.exec(text.trim());
  if (!match) throw invalid();
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const guess = new Date(Date.UTC(year, month - 1, day, hour, minute));
  if (
    guess.getUTCFullYear() !== year ||
    guess.getUTCMonth() !== month - 1 ||
    guess.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    throw invalid();
  }
  const instant = new Date(guess.getTime() - offsetMinutes(timeZone, guess) * 60000);
  return instant.toISOString();
}

/** Accepts an ISO instant (with offset) or null; anything else is the spec's 'Data inválida…'. */
export function normaliseReminder(value: string | null | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
  const isoWithOffset = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  const time = Date.parse(value);
  if (!isoWithOffset.test(value) || Number.isNaN(time)) throw invalid();
  return new Date(time).toISOString();
}
