import {
  formatChange,
  formatCount,
  formatDateTime,
  formatDayLabel,
  formatDayLong,
  formatDuration,
  formatPeriodRange,
  formatRate,
  formatRating,
  ratingsCountText,
  starsText,
} from './format';
import { parsePeriod } from './analytics-api';

describe('analytics formatting (pt-BR)', () => {
  it.each([
    [null, '—'],
    [undefined, '—'],
    [-5, '—'],
    [Number.NaN, '—'],
    [0, '< 1 s'],
    [400, '< 1 s'],
    [500, '1 s'],
    [45_000, '45 s'],
    [59_499, '59 s'],
    [59_500, '1 min'],
    [60_000, '1 min'],
    [150_000, '2 min 30 s'],
    [3_599_000, '59 min 59 s'],
    [3_600_000, '1 h'],
    [3_900_000, '1 h 5 min'],
    [3_959_000, '1 h 5 min'],
    [86_399_000, '23 h 59 min'],
    [86_400_000, '1 d'],
    [2 * 86_400_000 + 3 * 3_600_000 + 120_000, '2 d 3 h'],
  ])('duration %p → %p', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('formats rates, counts and ratings', () => {
    expect(formatRate(3, 4)).toBe('75%');
    expect(formatRate(1, 3)).toBe('33%');
    expect(formatRate(0, 5)).toBe('0%');
    expect(formatRate(7, 5)).toBe('100%'); // older conversations resolved: capped
    expect(formatRate(2, 0)).toBe('—');
    expect(formatCount(1234567)).toBe('1.234.567');
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4,0');
    expect(formatRating(null)).toBe('—');
    expect(starsText(1)).toBe('1 estrela');
    expect(starsText(5)).toBe('5 estrelas');
    expect(ratingsCountText(1)).toBe('1 avaliação');
    expect(ratingsCountText(1200)).toBe('1.200 avaliações');
  });

  it('labels calendar days in pt-BR without shifting them to another timezone', () => {
    expect(formatDayLabel('2026-11-03', 7)).toBe('ter., 03/11');
    expect(formatDayLabel('2026-11-03', 30)).toBe('03/11');
    expect(formatDayLabel('2026-01-01', 90)).toBe('01/01');
    expect(formatDayLong('2026-11-03')).toBe('terça-feira, 3 de novembro de 2026');
    expect(formatPeriodRange('2026-10-27', '2026-11-02')).toBe('27/10 a 02/11');
  });

  it('shows instants as pt-BR date and time', () => {
    expect(formatDateTime('2026-11-03T17:05:00.000Z', 'America/Sao_Paulo')).toBe('03/11/2026, 14:05');
    expect(formatDateTime('2026-11-03T17:05:00.000Z', 'UTC')).toBe('03/11/2026, 17:05');
    expect(formatDateTime('não é data')).toBe('—');
  });

  it('describes the change versus the previous period', () => {
    expect(formatChange(15, 12)).toEqual({ trend: 'up', text: '+25% vs. período anterior' });
    expect(formatChange(9, 10)).toEqual({ trend: 'down', text: '−10% vs. período anterior' });
    expect(formatChange(1001, 1000)).toEqual({ trend: 'same', text: 'Sem alteração vs. período anterior' });
    expect(formatChange(30, 10).text).toBe('+200% vs. período anterior');
    expect(formatChange(5, 0)).toEqual({ trend: 'new', text: 'Sem dados no período anterior' });
    expect(formatChange(0, 0).trend).toBe('same');
    expect(formatChange(60_000, null)).toEqual({ trend: 'new', text: 'Sem dados no período anterior' });
    expect(formatChange(null, 60_000)).toEqual({ trend: 'none', text: 'Sem dados neste período' });
    expect(formatChange(3, undefined)).toEqual({ trend: 'none', text: '' });
  });

  it('reads the period from the address bar, defaulting to 7 dias', () => {
    expect(parsePeriod('30d')).toBe('30d');
    expect(parsePeriod('90d')).toBe('90d');
    expect(parsePeriod('14d')).toBe('7d');
    expect(parsePeriod(null)).toBe('7d');
  });
});
