/* pt-BR formatting of the Analytics screen's figures (spec §9: dates in pt-BR format). */

const LOCALE = 'pt-BR';
export const NO_VALUE = '—';

const integer = new Intl.NumberFormat(LOCALE);
const percent = new Intl.NumberFormat(LOCALE, { style: 'percent', maximumFractionDigits: 0 });
const oneDecimal = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** 1234 → '1.234'. */
export const formatCount = (n: number): string => integer.format(n);

/**
 * A duration read by people: '45 s', '2 min 30 s', '1 h 5 min', '2 d 3 h'; under a second
 * '< 1 s'; null (nothing measured) '—'. Two units at most, the smaller one left out when zero.
 */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms) || ms < 0) return NO_VALUE;
  const seconds = Math.round(ms / 1000);
  if (seconds < 1) return '< 1 s';
  const pair = (big: number, bigUnit: string, small: number, smallUnit: string) =>
    small > 0 ? `${big} ${bigUnit} ${small} ${smallUnit}` : `${big} ${bigUnit}`;
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return pair(Math.floor(seconds / 60), 'min', seconds % 60, 's');
  if (seconds < 86_400)
    return pair(Math.floor(seconds / 3600), 'h', Math.floor((seconds % 3600) / 60), 'min');
  return pair(Math.floor(seconds / 86_400), 'd', Math.floor((seconds % 86_400) / 3600), 'h');
}

/** `part` of `whole` as a pt-BR percentage ('75%'), at most 100%; '—' when `whole` is 0. */
export function formatRate(part: number, whole: number): string {
  if (!(whole > 0)) return NO_VALUE;
  return percent.format(Math.min(1, Math.max(0, part / whole)));
}

/** An average rating: 4.5 → '4,5'; null → '—'. */
export function formatRating(rating: number | null | undefined): string {
  return rating === null || rating === undefined ? NO_VALUE : oneDecimal.format(rating);
}

/** Milliseconds at 00:00 UTC of a YYYY-MM-DD day (a calendar day, shown without shifting zones). */
function dayMs(day: string): number {
  const [y, m, d] = day.split('-').map(Number);
  return Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1);
}

const weekdayDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'short',
  day: '2-digit',
  month: '2-digit',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat(LOCALE, { day: '2-digit', month: '2-digit', timeZone: 'UTC' });
const longDay = new Intl.DateTimeFormat(LOCALE, {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** A chart's axis label: with the weekday for a week ('ter., 03/11'), else '03/11'. */
export function formatDayLabel(day: string, periodDays = 7): string {
  return (periodDays <= 7 ? weekdayDay : shortDay).format(dayMs(day));
}

/** A day in full, for tables and screen readers: 'terça-feira, 3 de novembro de 2026'. */
export function formatDayLong(day: string): string {
  return longDay.format(dayMs(day));
}

/** A period's first and last days: '27/10 a 02/11'. */
export function formatPeriodRange(from: string, to: string): string {
  return `${shortDay.format(dayMs(from))} a ${shortDay.format(dayMs(to))}`;
}

const dateTime = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short' });

/** An instant in the browser's timezone: '21/11/2026, 14:05'. */
export function formatDateTime(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return NO_VALUE;
  return timeZone
    ? new Intl.DateTimeFormat(LOCALE, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(ms)
    : dateTime.format(ms);
}

export type Trend = 'up' | 'down' | 'same' | 'new' | 'none';

export interface Change {
  trend: Trend;
  /** e.g. '+25% vs. período anterior'. */
  text: string;
}

/**
 * The change of a figure versus the previous period: '+25%', '−10%', 'Sem alteração'; a figure
 * that was 0 (or not measured) before has no percentage ('Sem dados no período anterior').
 */
export function formatChange(current: number | null, previous: number | null | undefined): Change {
  if (previous === undefined) return { trend: 'none', text: '' };
  if (current === null && previous === null) return { trend: 'none', text: 'Sem dados nos dois períodos' };
  if (current === null) return { trend: 'none', text: 'Sem dados neste período' };
  if (previous === null || previous === 0) {
    return current === 0
      ? { trend: 'same', text: 'Sem alteração vs. período anterior' }
      : { trend: 'new', text: 'Sem dados no período anterior' };
  }
  const ratio = (current - previous) / previous;
  const rounded = Math.round(ratio * 100);
  if (rounded === 0) return { trend: 'same', text: 'Sem alteração vs. período anterior' };
  const sign = rounded > 0 ? '+' : '−';
  return {
    trend: rounded > 0 ? 'up' : 'down',
    text: `${sign}${integer.format(Math.abs(rounded))}% vs. período anterior`,
  };
}

/** '1 estrela' / '4 estrelas'. */
export const starsText = (n: number): string => (n === 1 ? '1 estrela' : `${n} estrelas`);

/** '1 avaliação' / '3 avaliações'. */
export const ratingsCountText = (n: number): string =>
  n === 1 ? '1 avaliação' : `${formatCount(n)} avaliações`;
