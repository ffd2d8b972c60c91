/**
 * npm run bench:encryption [-- --rounds 5 --messages 50000 --json-out FILE]
 *
 * What sealing personal data in the event log (issue 26) costs the ingest: the throughput phase of
 * bench:ingest (embedded, 50,000 inbound messages over 1,000 customers) with the encrypted log and
 * with a plain one (`--plain-log`, the "before"), alternated --rounds times, each in a fresh child
 * process. One pair is not enough on a shared machine (runs of the same code differ by ±15 %): the
 * cost is read on the medians. Budget: the encrypted log keeps ≥ 85 % of the plain one's throughput.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { jsonOutPath, round, writeBenchFigures, type BenchFigures } from './bench/report-figures.js';
import { runChild } from './bench/report-probes.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    messages: { type: 'string', default: '50000' },
    'json-out': { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** One throughput run of bench:ingest: the recorded msg/s. */
async function ingestRate(dir: string, plain: boolean, round: number): Promise<number> {
  const out = path.join(dir, `${plain ? 'plain' : 'sealed'}-${round}.json`);
  const args = ['run', 'bench:ingest', '--', '--messages', values.messages!, '--seconds', '1'];
  args.push('--rounds', '1', '--baseline', '500', '--json-out', out, ...(plain ? ['--plain-log'] : []));
  const result = await runChild('npm', args, { quiet: true, timeoutMs: 10 * 60_000 });
  if (result.code !== 0)
    throw new Error(`bench:ingest failed (${result.code}): ${result.stderr.slice(-2000)}`);
  const figures = JSON.parse(readFileSync(out, 'utf8')) as BenchFigures;
  const recorded = figures.figures.find((f) => f.id.endsWith('.recorded'));
  if (recorded?.value == null) throw new Error('bench:ingest gave no recorded rate');
  return recorded.value;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'atende-bench-encryption-'));
  const plain: number[] = [];
  const sealed: number[] = [];
  try {
    console.log(
      `bench:encryption — bench:ingest throughput (${fmt(Number(values.messages))} messages, embedded), ` +
        `encrypted log vs plain log, ${ROUNDS} alternating rounds, Node ${process.version}\n`,
    );
    for (let i = 0; i < ROUNDS; i += 1) {
      // Alternating which goes first, so neither always gets the warmer machine.
      const order = i % 2 === 0 ? [true, false] : [false, true];
      for (const isPlain of order) (isPlain ? plain : sealed).push(await ingestRate(dir, isPlain, i));
      console.log(
        `   round ${i + 1}: plain ${fmt(plain[i]!)} msg/s, encrypted ${fmt(sealed[i]!)} msg/s ` +
          `(${((sealed[i]! / plain[i]!) * 100).toFixed(0)} %)`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const plainMedian = median(plain);
  const sealedMedian = median(sealed);
  const kept = sealedMedian / plainMedian;
  console.log(`
figure                                              value  budget
plain log, median                           ${fmt(plainMedian).padStart(9)} msg/s  —
encrypted log, median                       ${fmt(sealedMedian).padStart(9)} msg/s  —
encrypted / plain                           ${(kept * 100).toFixed(1).padStart(11)} %  ≥ 85 %`);
  const figures: BenchFigures = {
    name: 'encryption',
    params: { rounds: ROUNDS, messages: Number(values.messages) },
    figures: [
      {
        id: 'encryption.ingest',
        label: 'ingest with the encrypted log, median of rounds',
        value: round(sealedMedian),
        unit: 'msg/s',
        budget: { op: '>=', value: 0.85, of: 'ratio' },
        baseline: { label: 'the same, plain log', value: round(plainMedian), unit: 'msg/s' },
      },
    ],
  };
  writeBenchFigures(jsonOutPath(values['json-out']), figures);
}

await main();
