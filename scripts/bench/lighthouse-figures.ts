/** Lighthouse results of one page as `npm run bench` figures (scripts/bench-web.ts). */
import type { BenchFigure } from './report-figures.js';

export interface PageScores {
  /** Lighthouse category scores, 0–100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Accessibility audits that failed (empty at 100). */
  failedA11y: string[];
}

/** The run in the middle by performance score (runs vary by several points on a busy machine). */
export function median(runs: readonly PageScores[]): PageScores {
  if (runs.length === 0) throw new Error('no Lighthouse run to take the median of');
  const sorted = [...runs].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

/** A page's figures with their budgets (issue 31), each beside the bare page measured in the same run. */
export function pageFigures(page: string, s: PageScores, reference: PageScores): BenchFigure[] {
  const id = page === '/' ? 'landing' : page.replace(/^\//, '');
  const baseline = (value: number, unit: string) => ({ label: 'bare Node page, same run', value, unit });
  return [
    {
      id: `web.lighthouse.${id}.performance`,
      label: `Lighthouse performance, ${page} (mobile)`,
      value: s.performance,
      unit: 'score',
      budget: { op: '>=', value: 90 },
      baseline: baseline(reference.performance, 'score'),
    },
    {
      id: `web.lighthouse.${id}.accessibility`,
      label: `Lighthouse accessibility, ${page}`,
      value: s.accessibility,
      unit: 'score',
      budget: { op: '>=', value: 100 },
      ...(s.failedA11y.length ? { note: `failed: ${s.failedA11y.join(', ')}` } : {}),
    },
    {
      id: `web.lighthouse.${id}.fcp`,
      label: `first contentful paint, ${page} (simulated slow 4G)`,
      value: s.fcpMs,
      unit: 'ms',
      baseline: baseline(reference.fcpMs, 'ms'),
    },
    {
      id: `web.lighthouse.${id}.lcp`,
      label: `largest contentful paint, ${page} (simulated slow 4G)`,
      value: s.lcpMs,
      unit: 'ms',
      baseline: baseline(reference.lcpMs, 'ms'),
    },
  ];
}
