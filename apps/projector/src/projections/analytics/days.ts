import { DEFAULT_ANALYTICS_TIMEZONE } from './types.js';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;
/** Zone offsets are whole quarter hours, so one 15-minute UTC bucket never spans two local days. */
const BUCKET_MS = 900_000;
const MEMO_LIMIT = 8192;

interface ZoneDays {
  format: Intl.DateTimeFormat;
  memo: Map<number, string>;
}

const zones = new Map<string, ZoneDays>();

function zone(timeZone: string): ZoneDays {
  let z = zones.get(timeZone);
  if (!z) {
    try {
      const format = new Intl.DateTimeFormat('en-CA', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      });
      z = { format, memo: new Map() };
    } catch (error) {
      if (timeZone === DEFAULT_ANALYTICS_TIMEZONE) throw error;
      z = zone(DEFAULT_ANALYTICS_TIMEZONE);
    }
    zones.set(timeZone, z);
  }
  return z;
}

/** The calendar day (YYYY-MM-DD) of an instant (ms) in a timezone; unknown zones count as the default one. */
export function dayOf(ms: number, timeZone: string): string {
  const z = zone(timeZone);
  const bucket = Math.floor(ms / BUCKET_MS);
  let day = z.memo.get(bucket);
  if (day === undefined) {
    day = z.format.format(ms);
    if (z.memo.size >= MEMO_LIMIT) z.memo.clear();
    z.memo.set(bucket, day);
  }
  return day;
}

/** Date.UTC of a YYYY-MM-DD day, or NaN when it is not a real date. */
export function dayScore(day: string): number {
  const match = DAY.exec(day);
  if (!match) return Number.NaN;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d
    ? ms
    : Number.NaN;
}

/** The day `n` days after (or before, when negative) a valid YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(dayScore(day) + n * MS_PER_DAY).toISOString().slice(0, 10);
}
