import { median, pageFigures, type PageScores } from './lighthouse-figures.js';

const scores = (performance: number, extra: Partial<PageScores> = {}): PageScores => ({
  performance,
  accessibility: 100,
  bestPractices: 96,
  fcpMs: 1200,
  lcpMs: 1800,
  tbtMs: 30,
  cls: 0,
  failedA11y: [],
  ...extra,
});

describe('Lighthouse figures', () => {
  it('keeps the middle run by performance score', () => {
    expect(median([scores(91), scores(70), scores(88)]).performance).toBe(88);
    expect(median([scores(60), scores(95)]).performance).toBe(60);
    expect(() => median([])).toThrow('no Lighthouse run');
  });

  it('names figures by page, with the issue 31 budgets and the bare page as the baseline', () => {
    const figures = pageFigures(
      '/',
      scores(93, { accessibility: 96, failedA11y: ['color-contrast'] }),
      scores(100, { fcpMs: 800 }),
    );
    const byId = Object.fromEntries(figures.map((f) => [f.id, f]));
    expect(byId['web.lighthouse.landing.performance']).toMatchObject({
      value: 93,
      budget: { op: '>=', value: 90 },
      baseline: { value: 100 },
    });
    expect(byId['web.lighthouse.landing.accessibility']).toMatchObject({
      value: 96,
      budget: { op: '>=', value: 100 },
      note: 'failed: color-contrast',
    });
    expect(byId['web.lighthouse.landing.fcp']).toMatchObject({ value: 1200, baseline: { value: 800 } });
    expect(pageFigures('/dashboard', scores(90), scores(100))[0]!.id).toBe(
      'web.lighthouse.dashboard.performance',
    );
  });
});
