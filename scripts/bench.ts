/**
 * npm run bench [-- --quick] [--only store,api] [--out bench-results/bench-<date>.json] [--markdown]
 *              [--timeout-minutes 30]
 *
 * Runs every benchmark, one after the other (each needs the machine to itself: never in parallel),
 * each as a child process that prints its own figures as usual and hands them over as JSON
 * (`--json-out`), then prints ONE table — figure, value, budget (the target, no verdict), the
 * same-run baseline and value / baseline — and writes the same figures as JSON.
 *
 * Steps: store, replay (+ redis-benchmark as the baseline of the Redis rebuild), replay-5m (the SQLite
 * rebuild and the restart after kill -9 on 5M events: ≈30 min), memory (RSS every 100k messages), api, api-100ws (the
 * same with 99 other companies' data present), fanout, ingest (embedded), ingest-100ws, encryption
 * (ingest with the encrypted log vs a plain one, alternating rounds), ingest-distributed (only when a Kafka broker answers at KAFKA_BROKERS, else at the
 * local 127.0.0.1:19092 of `npm run kafka:start`), web (`npm run build`: /dashboard JS gzipped),
 * lighthouse (bench:web: performance and accessibility scores, paint times).
 * --quick runs smaller sizes (budgets tied to a size are then left out of the table).
 *
 * A bench that fails is a row of the table with its error; the others still run. The exit code is
 * non-zero only when the runner itself breaks.
 */
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchFigures } from './bench/report-figures.js';
import {
  buildReport,
  errorLine,
  formatMarkdown,
  formatTable,
  parseDashboardJs,
  withBaseline,
  type BenchRun,
} from './bench/report.js';
import {
  kafkaBrokers,
  kafkaReachable,
  redisBenchmarkBaseline,
  runChild,
  stopCurrentChild,
  type ChildResult,
} from './bench/report-probes.js';

const STEPS = [
  'store',
  'replay',
  'replay-5m',
  'memory',
  'api',
  'api-100ws',
  'fanout',
  'ingest',
  'ingest-100ws',
  'encryption',
  'ingest-distributed',
  'web',
  'lighthouse',
] as const;
type Step = (typeof STEPS)[number];

const TITLES: Record<Step, string> = {
  store: 'store — event store appends (bench:store)',
  replay: 'replay — rebuild from the log, restart after kill -9 (bench:replay)',
  'replay-5m':
    'replay — SQLite rebuild and restart after kill -9 on 5M events (bench:replay -- --events 5000000)',
  memory: 'memory — RSS of an embedded Atende every 100k messages (bench:memory)',
  api: 'api — GET conversations (bench:api)',
  'api-100ws': 'api — GET conversations, 100 workspaces of data (bench:api -- --workspaces 100)',
  fanout: 'fanout — agent sockets (bench:fanout)',
  ingest: 'ingest — embedded (bench:ingest)',
  'ingest-100ws': 'ingest — embedded, 100 workspaces of data (bench:ingest -- --workspaces 100)',
  encryption: 'encryption — ingest with the encrypted log vs a plain one (bench:encryption)',
  'ingest-distributed': 'ingest — distributed, Kafka + Redis (bench:ingest -- --mode distributed)',
  web: 'web — /dashboard initial JS (npm run build)',
  lighthouse: 'web — Lighthouse on /, /login, /dashboard (bench:web)',
};

/** The npm script and its arguments, full size and --quick. */
const BENCHES: Record<Exclude<Step, 'web'>, { script: string; full: string[]; quick: string[] }> = {
  store: { script: 'bench:store', full: [], quick: ['--single', '1000', '--batches', '100'] },
  replay: { script: 'bench:replay', full: [], quick: ['--events', '200000', '--rounds', '1'] },
  // The restart budget holds at 5M events too (issue 28); the in-heap and Redis rebuilds are not rerun.
  'replay-5m': {
    script: 'bench:replay',
    full: ['--events', '5000000', '--skip-memory', '--skip-redis'],
    quick: ['--events', '300000', '--skip-memory', '--skip-redis'],
  },
  memory: {
    script: 'bench:memory',
    full: [],
    quick: ['--messages', '100000', '--sample', '25000', '--baseline-messages', '25000'],
  },
  api: { script: 'bench:api', full: [], quick: ['--seconds', '3'] },
  // The same, with 99 other companies' data present (issue 24: 1 and 100 workspaces side by side).
  'api-100ws': {
    script: 'bench:api',
    full: ['--workspaces', '100'],
    quick: ['--workspaces', '100', '--other-conversations', '100', '--seconds', '3'],
  },
  fanout: { script: 'bench:fanout', full: [], quick: ['--sockets', '500', '--seconds', '5'] },
  ingest: {
    script: 'bench:ingest',
    full: [],
    quick: ['--messages', '10000', '--seconds', '3', '--rounds', '1'],
  },
  'ingest-100ws': {
    script: 'bench:ingest',
    full: ['--workspaces', '100'],
    quick: [
      '--workspaces',
      '100',
      '--other-conversations',
      '100',
      '--messages',
      '10000',
      '--seconds',
      '3',
      '--rounds',
      '1',
    ],
  },
  encryption: { script: 'bench:encryption', full: [], quick: ['--rounds', '1', '--messages', '10000'] },
  'ingest-distributed': {
    script: 'bench:ingest',
    full: ['--mode', 'distributed'],
    quick: ['--mode', 'distributed', '--messages', '5000', '--seconds', '3', '--rounds', '1'],
  },
  lighthouse: { script: 'bench:web', full: [], quick: ['--runs', '1'] },
};

const USAGE = `usage: npm run bench [-- --quick] [--only ${STEPS.join(',')}] [--out FILE.json] [--markdown] [--timeout-minutes N]`;

/** A bad command line: the message and the usage, no stack. */
class UsageError extends Error {}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      quick: { type: 'boolean', default: false },
      only: { type: 'string' },
      out: { type: 'string' },
      markdown: { type: 'boolean', default: false },
      'timeout-minutes': { type: 'string', default: '30' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const only = values.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = only?.filter((s) => !(STEPS as readonly string[]).includes(s)) ?? [];
  if (unknown.length > 0) throw new UsageError(`unknown step(s) ${unknown.join(', ')}`);
  const timeoutMinutes = Number(values['timeout-minutes']);
  if (!(timeoutMinutes > 0)) throw new UsageError('--timeout-minutes must be a positive number');
  const stamp = new Date().toISOString().replace(/\..*$/, '').replace(/:/g, '-');
  return {
    quick: values.quick,
    only,
    steps: STEPS.filter((s) => !only || only.includes(s)),
    out: values.out ?? path.join('bench-results', `bench-${stamp}.json`),
    markdown: values.markdown,
    timeoutMs: timeoutMinutes * 60_000,
  };
}

type Options = ReturnType<typeof parseOptions>;

const failed = (step: Step, error: string, extra: Partial<BenchRun> = {}): BenchRun => ({
  name: step,
  title: TITLES[step],
  status: 'failed',
  error,
  figures: [],
  ...extra,
});

/** Why a child failed, in one line. */
function childError(result: ChildResult, timeoutMs: number): string | undefined {
  if (result.spawnError) return result.spawnError.message;
  if (result.timedOut) return `timed out after ${timeoutMs / 60_000} min (stopped)`;
  if (result.code === 0) return undefined;
  const how = result.signal ? `killed by ${result.signal}` : `exited with code ${result.code}`;
  return errorLine(result.stderr, how);
}

async function runBench(step: Exclude<Step, 'web'>, options: Options, tmp: string, env = process.env) {
  const bench = BENCHES[step];
  const file = path.join(tmp, `${step}.json`);
  const args = [...(options.quick ? bench.quick : bench.full), '--json-out', file];
  console.log(`\n=== ${TITLES[step]}: npm run ${bench.script} -- ${args.slice(0, -2).join(' ')}`.trimEnd());
  const started = performance.now();
  const result = await runChild('npm', ['run', bench.script, '--', ...args], {
    env,
    timeoutMs: options.timeoutMs,
  });
  const durationMs = Math.round(performance.now() - started);
  let data: BenchFigures | undefined;
  let readError: string | undefined;
  try {
    data = JSON.parse(readFileSync(file, 'utf8')) as BenchFigures;
    if (!Array.isArray(data.figures)) throw new Error('no figures array');
  } catch (error) {
    data = undefined;
    readError = (error as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : (error as Error).message;
  }
  const error =
    childError(result, options.timeoutMs) ??
    (readError
      ? `unreadable figures: ${readError}`
      : data
        ? undefined
        : 'finished without writing its figures');
  const run: BenchRun = {
    name: step,
    title: TITLES[step],
    status: error ? 'failed' : 'ok',
    ...(error ? { error } : {}),
    durationMs,
    ...(data?.params ? { params: data.params } : {}),
    figures: data?.figures ?? [],
  };
  return run;
}

async function runWeb(options: Options): Promise<BenchRun> {
  console.log(`\n=== ${TITLES.web}: npm run build`);
  const started = performance.now();
  const result = await runChild('npm', ['run', 'build'], {
    captureStdout: true,
    timeoutMs: options.timeoutMs,
  });
  const durationMs = Math.round(performance.now() - started);
  const error = childError(result, options.timeoutMs);
  if (error) return failed('web', error, { durationMs });
  const kb = parseDashboardJs(result.stdout);
  if (kb === undefined) return failed('web', 'the build printed no "JS for /dashboard" line', { durationMs });
  return {
    name: 'web',
    title: TITLES.web,
    status: 'ok',
    durationMs,
    figures: [
      {
        id: 'web.dashboard-js',
        label: 'JS loaded by /dashboard (its entry, the app it starts, the overview screen), gzipped',
        value: kb,
        unit: 'KB',
        budget: { op: '<=', value: 200 },
      },
    ],
  };
}

async function main(): Promise<void> {
  const options = parseOptions();
  const startedAt = new Date().toISOString();
  const loadStart = os.loadavg().map((n) => Number(n.toFixed(2)));
  console.log(
    `npm run bench${options.quick ? ' --quick' : ''}: ${options.steps.join(', ')} — ` +
      `Node ${process.version}, ${os.cpus().length} cores, load average ${loadStart.join(' ')}`,
  );
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'atende-bench-'));
  const stop = () => {
    stopCurrentChild('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
    process.exit(130);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const runs: BenchRun[] = [];
  try {
    for (const step of options.steps) {
      if (step === 'web') {
        runs.push(await runWeb(options));
        continue;
      }
      if (step === 'ingest-distributed') {
        const brokers = kafkaBrokers();
        if (!(await kafkaReachable(brokers))) {
          console.log(`\n=== ${TITLES[step]}: skipped, Kafka not reachable at ${brokers.join(',')}`);
          runs.push({
            name: step,
            title: TITLES[step],
            status: 'skipped',
            reason: `Kafka not reachable at ${brokers.join(',')} (npm run kafka:start, or set KAFKA_BROKERS)`,
            figures: [],
          });
          continue;
        }
        runs.push(await runBench(step, options, tmp, { ...process.env, KAFKA_BROKERS: brokers.join(',') }));
        continue;
      }
      let run = await runBench(step, options, tmp);
      if (step === 'replay' && run.figures.some((f) => f.id === 'replay.redis' && f.value !== null)) {
        // The Redis baseline right after the Redis rebuild, with the machine still to itself.
        console.log('\n=== redis-benchmark (baseline of the Redis rebuild)');
        const baseline = await redisBenchmarkBaseline(options.quick ? 50_000 : 100_000);
        console.log(
          baseline.value === null
            ? `redis-benchmark: ${baseline.note}`
            : `redis-benchmark HSET: ${baseline.value.toLocaleString('en-US')} ops/s (${baseline.note ?? ''})`,
        );
        run = withBaseline(run, 'replay.redis', baseline);
      }
      runs.push(run);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }

  const report = buildReport(runs, {
    startedAt,
    finishedAt: new Date().toISOString(),
    quick: options.quick,
    node: process.version,
    platform: `${os.platform()} ${os.arch()}, ${os.cpus()[0]?.model ?? 'unknown CPU'}`,
    cpus: os.cpus().length,
    loadavg: { start: loadStart, end: os.loadavg().map((n) => Number(n.toFixed(2))) },
    ...(await gitCommit()),
    ...(options.only ? { only: options.only } : {}),
  });
  mkdirSync(path.dirname(path.resolve(options.out)), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);

  console.log(
    `\n\nnpm run bench${options.quick ? ' --quick (smaller sizes)' : ''} — Node ${report.node}, ${report.cpus} cores; ` +
      `load average ${report.loadavg.start.join(' ')} at the start, ${report.loadavg.end.join(' ')} at the end\n`,
  );
  console.log(formatTable(report.rows));
  if (options.markdown) console.log(`\n${formatMarkdown(report.rows)}`);
  const notOk = runs.filter((r) => r.status !== 'ok');
  console.log(
    `\n${runs.length - notOk.length} of ${runs.length} ran` +
      (notOk.length > 0 ? ` (${notOk.map((r) => `${r.name}: ${r.status}`).join(', ')})` : '') +
      `; figures in ${options.out}. Figures only: budgets are targets, not verdicts.`,
  );
}

/** The commit the figures were measured on (read-only git), when there is one. */
async function gitCommit(): Promise<{ commit?: string }> {
  const result = await runChild('git', ['rev-parse', '--short', 'HEAD'], {
    captureStdout: true,
    quiet: true,
  });
  const commit = result.code === 0 ? result.stdout.trim() : '';
  return commit ? { commit } : {};
}

try {
  await main();
} catch (error) {
  const usage =
    error instanceof UsageError || (error as NodeJS.ErrnoException).code?.startsWith('ERR_PARSE_ARGS');
  console.error(
    usage
      ? `npm run bench: ${(error as Error).message}\n${USAGE}`
      : `npm run bench: ${(error as Error).stack ?? String(error)}`,
  );
  process.exit(2);
}
