/**
 * The figures a benchmark hands over as data, besides what it prints: `npm run bench` (scripts/bench.ts)
 * runs each bench with `--json-out FILE` and reads them back. Figures only: a budget is the target
 * the figure is read against, never a verdict.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** `<` / `>` for strict targets (embedded start-up < 10 s). */
export type BudgetOp = '>=' | '<=' | '<' | '>';

export interface Budget {
  op: BudgetOp;
  value: number;
  /** What the target bounds: the figure itself (default) or its ratio to the baseline. */
  of?: 'value' | 'ratio';
}

export interface Baseline {
  label: string;
  /** null when the baseline could not be measured in this run (then `note` says why). */
  value: number | null;
  unit: string;
  note?: string;
}

export interface BenchFigure {
  /** Stable across runs: `<bench>.<figure>`, e.g. `replay.memory`. */
  id: string;
  label: string;
  /** null when the figure was not measured in this run (then `note` says why). */
  value: number | null;
  unit: string;
  budget?: Budget;
  baseline?: Baseline;
  note?: string;
}

export interface BenchFigures {
  name: string;
  /** The sizes the bench ran with (messages, sockets, seconds...). */
  params?: Record<string, string | number | boolean>;
  figures: BenchFigure[];
}

/** Environment fallback for `--json-out` (handy when a bench runs through npm without `--`). */
export const JSON_OUT_ENV = 'ATENDE_BENCH_JSON_OUT';

/** Where the bench writes its figures: `--json-out FILE`, else $ATENDE_BENCH_JSON_OUT, else nowhere. */
export function jsonOutPath(
  option: string | undefined,
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  const file = option ?? env[JSON_OUT_ENV];
  return file === undefined || file === '' ? undefined : file;
}

/** Writes the figures as JSON when a destination was given; prints nothing. */
export function writeBenchFigures(file: string | undefined, figures: BenchFigures): void {
  if (file === undefined) return;
  mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
}

/** Rounded for the JSON (rates to units, milliseconds to 0.1), or null when not measured (NaN). */
export function round(n: number, digits = 0): number | null {
  return Number.isFinite(n) ? Number(n.toFixed(digits)) : null;
}
