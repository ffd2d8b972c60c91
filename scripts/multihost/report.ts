import type { Outcome } from './tally.js';

/** One line of the table: a phase (its fault and what the fault reported), or the agents' replies. */
export interface Row {
  name: string;
  figure: string;
  outcome: Outcome;
}

const pad = (text: string | number, width: number, left = false) =>
  left ? String(text).padEnd(width) : String(text).padStart(width);

/**
 * Prints the table (acknowledged, then how many were found in each place, lost, duplicated), the
 * notes, the violations and, when the run failed, the roles' warnings; true when the run failed: anything lost or duplicated, or any violation.
 */
export function printReport(
  rows: Row[],
  violations: string[],
  notes: string[],
  totalSeconds: number,
  /** What the roles warned of or failed at: printed when the run failed, to tell why. */
  roleWarnings: string[] = [],
): boolean {
  console.log(`\n== Multi-host report (total ${totalSeconds.toFixed(0)} s)\n`);
  // Customer messages and replies are found in different places: one header per kind of row.
  let header = '';
  const total = { acknowledged: 0, lost: 0, duplicated: 0 };
  for (const { name, figure, outcome } of rows) {
    const places = Object.keys(outcome.found);
    const heading =
      `${pad('phase', 42, true)}${pad('fault', 20, true)}${pad('acked', 7)}` +
      places.map((p) => pad(p, Math.max(7, p.length + 2))).join('') +
      `${pad('lost', 6)}${pad('dup', 5)}`;
    if (heading !== header) {
      console.log(`${header ? '\n' : ''}${heading}`);
      header = heading;
    }
    console.log(
      `${pad(name, 42, true)}${pad(figure || '—', 20, true)}${pad(outcome.acknowledged, 7)}` +
        places.map((p) => pad(outcome.found[p]!, Math.max(7, p.length + 2))).join('') +
        `${pad(outcome.lost, 6)}${pad(outcome.duplicated, 5)}`,
    );
    for (const example of outcome.examples) console.log(`      ✗ ${example}`);
    total.acknowledged += outcome.acknowledged;
    total.lost += outcome.lost;
    total.duplicated += outcome.duplicated;
  }
  console.log(
    `\ntotal: ${total.acknowledged} acknowledged (customer messages and replies), ` +
      `${total.lost} lost, ${total.duplicated} duplicated`,
  );
  // Not failures: roles are expected to end on purpose sometimes (a lost lease) and come back.
  for (const note of notes) console.log(`! ${note}`);
  for (const v of violations) console.log(`✗ ${v}`);
  const failed = total.lost > 0 || total.duplicated > 0 || violations.length > 0 || rows.length === 0;
  if (failed && roleWarnings.length > 0) {
    console.log('\nwhat the roles warned of (pino level ≥ 40, summed over their starts):');
    for (const w of roleWarnings.slice(0, 40)) console.log(`  ${w}`);
  }
  console.log(failed ? '\nFAILED' : '\nPASSED: 0 lost, 0 duplicated, every role recovered');
  return failed;
}
