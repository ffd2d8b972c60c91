/**
 * `npm run bench`'s report: the benches' figures (scripts/bench/report-figures.ts) → one table and
 * one JSON document. Pure functions (no I/O): the runner is scripts/bench.ts.
 *
 * Figures only: the budget column shows the target next to the figure, never a verdict; the ratio
 * is value / baseline when the same run measured a baseline.
 */
import type { Baseline, BenchFigure, Budget } from './report-figures.js';

export type BenchStatus = 'ok' | 'failed' | 'skipped';

/** One bench of the run, as the runner saw it. */
export interface BenchRun {
  /** Step name, as `--only` takes it: store, replay, api, fanout, ingest, ingest-distributed, web. */
  name: string;
  /** What the table shows, e.g. `ingest (distributed)`. */
  title: string;
  status: BenchStatus;
  /** failed: what went wrong (the bench's last error line, or the runner's reason). */
  error?: string;
  /** skipped: why. */
  reason?: string;
  durationMs?: number;
  params?: Record<string, string | number | boolean>;
  figures: BenchFigure[];
}

export interface ReportRow {
  bench: string;
  title: string;
  status: BenchStatus;
  /** Absent on the row of a failed or skipped bench. */
  id?: string;
  label: string;
  value: number | null;
  unit: string;
  budget?: Budget;
  baseline?: Baseline;
  /** value / baseline.value; null when there is no baseline (or either side was not measured). */
  ratio: number | null;
  note?: string;
}

export interface ReportMeta {
  startedAt: string;
  finishedAt: string;
  quick: boolean;
  node: string;
  platform: string;
  cpus: number;
  /** 1, 5 and 15-minute load averages when the run started and when it ended. */
  loadavg: { start: number[]; end: number[] };
  commit?: string;
  /** Steps left out with --only. */
  only?: string[];
}

export interface BenchReport extends ReportMeta {
  benches: BenchRun[];
  rows: ReportRow[];
}

/** value / baseline, when both were measured and the baseline is not zero. */
export function ratioOf(value: number | null, baseline: Baseline | undefined): number | null {
  if (value === null || !baseline || baseline.value === null || baseline.value === 0) return null;
  if (!Number.isFinite(value) || !Number.isFinite(baseline.value)) return null;
  return value / baseline.value;
}

/** One row per figure; a failed or skipped bench gets one row that says so (with its error). */
export function buildRows(runs: BenchRun[]): ReportRow[] {
  const rows: ReportRow[] = [];
  for (const run of runs) {
    const common = { bench: run.name, title: run.title, status: run.status };
    if (run.status === 'skipped') {
      rows.push({ ...common, label: `skipped: ${run.reason ?? ''}`, value: null, unit: '', ratio: null });
      continue;
    }
    if (run.status === 'failed') {
      // Then any figures it handed over before failing (none, usually).
      const label = `failed: ${run.error ?? 'unknown error'}`;
      rows.push({ ...common, label, value: null, unit: '', ratio: null });
    } else if (run.figures.length === 0) {
      rows.push({ ...common, label: 'no figures', value: null, unit: '', ratio: null });
    }
    for (const f of run.figures) {
      rows.push({
        ...common,
        id: f.id,
        label: f.label,
        value: f.value,
        unit: f.unit,
        ...(f.budget ? { budget: f.budget } : {}),
        ...(f.baseline ? { baseline: f.baseline } : {}),
        ratio: ratioOf(f.value, f.baseline),
        ...(f.note ? { note: f.note } : {}),
      });
    }
  }
  return rows;
}

/** The run's JSON document: its metadata, every bench as run and the rows of the table. */
export function buildReport(runs: BenchRun[], meta: ReportMeta): BenchReport {
  const rows = buildRows(runs).map((row) =>
    row.ratio === null ? row : { ...row, ratio: Number(row.ratio.toFixed(3)) },
  );
  return { ...meta, benches: runs, rows };
}

// ---- formatting --------------------------------------------------------------------------------

/** 12,345 for large figures, 8.9 / 0.64 for small ones (no trailing zeros). */
export function formatNumber(n: number): string {
  const abs = Math.abs(n);
  const digits = abs >= 1000 ? 0 : abs >= 10 ? 1 : 2;
  return n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: 0 });
}

const withUnit = (n: number, unit: string) => (unit ? `${formatNumber(n)} ${unit}` : formatNumber(n));

const OPS: Record<Budget['op'], string> = { '>=': '≥', '<=': '≤', '<': '<', '>': '>' };

export function formatBudget(budget: Budget | undefined, unit: string): string {
  if (!budget) return '';
  if (budget.of === 'ratio') return `ratio ${OPS[budget.op]} ${formatNumber(budget.value)}`;
  return `${OPS[budget.op]} ${withUnit(budget.value, unit)}`;
}

export function formatValue(row: ReportRow): string {
  if (row.status === 'failed' && row.id === undefined) return 'FAILED';
  if (row.status === 'skipped') return 'skipped';
  if (row.value === null) return 'not measured';
  return withUnit(row.value, row.unit);
}

export function formatBaseline(baseline: Baseline | undefined): string {
  if (!baseline) return '';
  const value = baseline.value === null ? 'not measured' : withUnit(baseline.value, baseline.unit);
  return `${value} (${baseline.label})`;
}

export function formatRatio(ratio: number | null): string {
  return ratio === null ? '' : ratio.toFixed(2);
}

const COLUMNS = ['figure', 'value', 'budget', 'baseline (same run)', 'ratio'] as const;
const MAX_LABEL = 100;

function clip(text: string, max: number): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
}

/** Cells of every row, grouped under their bench's title (title rows have one cell). */
function cells(rows: ReportRow[]): (string[] | { title: string })[] {
  const out: (string[] | { title: string })[] = [];
  let current: string | undefined;
  for (const row of rows) {
    if (row.bench !== current) {
      current = row.bench;
      out.push({ title: row.title });
    }
    out.push([
      clip(row.label, MAX_LABEL),
      formatValue(row),
      formatBudget(row.budget, row.unit),
      formatBaseline(row.baseline),
      formatRatio(row.ratio),
    ]);
  }
  return out;
}

/** The console table: one section per bench, columns padded to their widest cell. */
export function formatTable(rows: ReportRow[]): string {
  const body = cells(rows);
  const widths = COLUMNS.map((c) => c.length);
  for (const line of body) {
    if (Array.isArray(line))
      line.forEach((cell, i) => (widths[i] = Math.max(widths[i]!, cell.length + (i === 0 ? 2 : 0))));
  }
  const render = (line: readonly string[], indent = '') =>
    line
      .map((cell, i) => {
        const text = i === 0 ? indent + cell : cell;
        // Numbers read best right-aligned: value and ratio.
        return i === 1 || i === 4 ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
      })
      .join('  ')
      .trimEnd();
  const out = [render(COLUMNS), widths.map((w) => '-'.repeat(w)).join('  ')];
  for (const line of body) out.push(Array.isArray(line) ? render(line, '  ') : line.title);
  // Notes of the figures and their baselines, and the whole of a label the table clipped (errors).
  const clipped = (r: ReportRow) => r.label.replace(/\s+/g, ' ').trim().length > MAX_LABEL;
  const notes = rows.filter((r) => r.note || r.baseline?.note || clipped(r));
  if (notes.length > 0) {
    out.push('', 'notes:');
    for (const r of notes) {
      const text = [clipped(r) && r.label, r.note, r.baseline?.note && `baseline: ${r.baseline.note}`]
        .filter(Boolean)
        .join('; ');
      out.push(`  ${r.id ?? r.bench}: ${text}`);
    }
  }
  return out.join('\n');
}

/** The same table as Markdown (for the README). */
export function formatMarkdown(rows: ReportRow[]): string {
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [`| ${COLUMNS.join(' | ')} |`, `| ${COLUMNS.map(() => '---').join(' | ')} |`];
  for (const line of cells(rows)) {
    out.push(
      Array.isArray(line)
        ? `| ${line.map(esc).join(' | ')} |`
        : `| **${esc(line.title)}** |${' |'.repeat(COLUMNS.length - 1)}`,
    );
  }
  return out.join('\n');
}

// ---- what the runner reads from other tools ----------------------------------------------------

/** `redis-benchmark -q` output → requests/s per test (`SET`, `HSET`...); progress lines ignored. */
export function parseRedisBenchmark(output: string): Record<string, number> {
  const ops: Record<string, number> = {};
  for (const line of output.split(/[\r\n]+/)) {
    const match = /^\s*([A-Za-z_][\w ()-]*?):\s+([\d.]+)\s+requests per second/.exec(line);
    if (match) ops[match[1]!] = Number(match[2]);
  }
  return ops;
}

/** `npm run build` output → the /dashboard JS size in KB gzipped, or undefined. */
export function parseDashboardJs(output: string): number | undefined {
  const match = /JS for \/dashboard:\s*([\d.]+)\s*KB gzipped/.exec(output);
  return match ? Number(match[1]) : undefined;
}

/** The line of a failed bench's stderr that says what went wrong (its last error, else its last line). */
export function errorLine(stderr: string, fallback: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(
      (l) => l !== '' && !l.startsWith('npm warn') && !l.startsWith('npm error') && !l.startsWith('at '),
    );
  const errors = lines.filter((l) => /\b\w*(Error|Exception)\b[:\s]/.test(l) || /^error\b/i.test(l));
  const line = errors.at(-1) ?? lines.at(-1);
  return line ? clip(line, 300) : fallback;
}

/** Puts a baseline measured by the runner (redis-benchmark) on a figure that has none. */
export function withBaseline(run: BenchRun, figureId: string, baseline: Baseline): BenchRun {
  return {
    ...run,
    figures: run.figures.map((f) => (f.id === figureId && !f.baseline ? { ...f, baseline } : f)),
  };
}
