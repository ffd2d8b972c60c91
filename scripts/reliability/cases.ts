/**
 * How test:reliability runs its cases: each case's figures and violations (an exception is a
 * violation of that case), the log lines on the run's clock, the figures' formats, what every case
 * is handed.
 */
import type { AtendeProcess } from './atende-process.js';
import type { PhaseSpec } from './checks.js';
import type { HttpClient } from './http-client.js';

export const started = performance.now();
const clock = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
export const log = (line: string) => console.log(`[${clock()}] ${line}`);
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
export const int = (n: number) => Math.round(n).toLocaleString('en-US');

export interface CaseResult {
  name: string;
  ms: number;
  figures: string[];
  violations: string[];
}
export const results: CaseResult[] = [];

/** Runs one case; an exception is a violation of that case (the run goes on when it can). */
export async function runCase(
  name: string,
  body: (figures: string[], violations: string[]) => Promise<void>,
): Promise<CaseResult> {
  log(`── ${name}`);
  const result: CaseResult = { name, ms: 0, figures: [], violations: [] };
  results.push(result);
  const t0 = performance.now();
  try {
    await body(result.figures, result.violations);
  } catch (error) {
    result.violations.push(`aborted: ${(error as Error).stack ?? String(error)}`);
  }
  result.ms = performance.now() - t0;
  log(
    `   ${result.violations.length === 0 ? 'ok' : `${result.violations.length} violation(s)`} in ${seconds(result.ms)}`,
  );
  return result;
}

/** What every case is handed: the process under test, the client that drives it, the log's file. */
export interface RunContext {
  /** Seeded (RELIABILITY_SEED): the cases draw from it in order. */
  random: () => number;
  atende: AtendeProcess;
  client: HttpClient;
  dataDir: string;
  /** The event log (SQLite) in DATA_DIR. */
  eventsDb: string;
  /** The phases sent so far, in order: what the log and the inbox must hold in the end. */
  sent: PhaseSpec[];
}
