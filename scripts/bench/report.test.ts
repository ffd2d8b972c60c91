import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { jsonOutPath, round, writeBenchFigures, type BenchFigure } from './report-figures.js';
import {
  buildReport,
  buildRows,
  errorLine,
  formatBudget,
  formatMarkdown,
  formatNumber,
  formatTable,
  parseDashboardJs,
  parseRedisBenchmark,
  ratioOf,
  withBaseline,
  type BenchRun,
  type ReportMeta,
} from './report.js';

const storeFigure: BenchFigure = {
  id: 'store.single',
  label: 'event store: one event per call',
  value: 3000,
  unit: 'events/s',
  baseline: { label: 'raw SQLite, 1 row per transaction', value: 6000, unit: 'rows/s' },
};

const run = (overrides: Partial<BenchRun>): BenchRun => ({
  name: 'store',
  title: 'store — event store appends',
  status: 'ok',
  figures: [],
  ...overrides,
});

const meta: ReportMeta = {
  startedAt: '2026-11-21T12:00:00.000Z',
  finishedAt: '2026-11-21T12:10:00.000Z',
  quick: true,
  node: 'v20.19.0',
  platform: 'linux x64',
  cpus: 2,
  loadavg: { start: [0.5, 0.4, 0.3], end: [1.5, 1, 0.5] },
};

describe('bench report rows', () => {
  it('gives one row per figure, with value / baseline as the ratio', () => {
    const rows = buildRows([run({ figures: [storeFigure] })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      bench: 'store',
      id: 'store.single',
      value: 3000,
      unit: 'events/s',
      ratio: 0.5,
      status: 'ok',
    });
  });

  it('leaves the ratio empty when there is no baseline, or either side was not measured', () => {
    expect(ratioOf(10, undefined)).toBeNull();
    expect(ratioOf(null, { label: 'b', value: 5, unit: 'x' })).toBeNull();
    expect(ratioOf(10, { label: 'b', value: null, unit: 'x' })).toBeNull();
    expect(ratioOf(10, { label: 'b', value: 0, unit: 'x' })).toBeNull();
    expect(ratioOf(10, { label: 'b', value: 4, unit: 'x' })).toBe(2.5);

    const rows = buildRows([
      run({
        figures: [
          { id: 'fanout.p99', label: 'p99', value: 80, unit: 'ms', budget: { op: '<=', value: 100 } },
        ],
      }),
    ]);
    expect(rows[0]!.ratio).toBeNull();
    expect(rows[0]!.baseline).toBeUndefined();
    const table = formatTable(rows);
    expect(table).toContain('80 ms');
    expect(table).toContain('≤ 100 ms');
  });

  it('reports a failed bench as a row with its error, and keeps the other benches', () => {
    const rows = buildRows([
      run({ name: 'api', title: 'api', status: 'failed', error: 'Error: API answered 500' }),
      run({ figures: [storeFigure] }),
    ]);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ bench: 'api', status: 'failed', value: null, ratio: null });
    expect(rows[0]!.label).toBe('failed: Error: API answered 500');
    expect(rows[1]!.id).toBe('store.single');

    const table = formatTable(rows);
    expect(table).toMatch(/failed: Error: API answered 500\s+FAILED/);
    expect(table).toContain('3,000 events/s');
  });

  it('reports a skipped bench with its reason and no figures', () => {
    const rows = buildRows([
      run({
        name: 'ingest-distributed',
        title: 'ingest — distributed',
        status: 'skipped',
        reason: 'Kafka not reachable at 127.0.0.1:19092',
        figures: [storeFigure],
      }),
    ]);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.label).toBe('skipped: Kafka not reachable at 127.0.0.1:19092');
    expect(formatTable(rows)).toMatch(/skipped: Kafka not reachable at 127\.0\.0\.1:19092\s+skipped/);
  });

  it('says so when a bench ran but handed over no figures', () => {
    const rows = buildRows([run({})]);
    expect(rows).toEqual([expect.objectContaining({ label: 'no figures', value: null })]);
  });

  it('shows a figure that was not measured, with its note', () => {
    const rows = buildRows([
      run({
        name: 'replay',
        title: 'replay',
        figures: [
          {
            id: 'replay.redis',
            label: 'rebuild into Redis',
            value: null,
            unit: 'events/s',
            budget: { op: '>=', value: 50_000 },
            note: 'Redis rebuild skipped: connect ECONNREFUSED',
          },
        ],
      }),
    ]);
    const table = formatTable(rows);
    expect(table).toContain('not measured');
    expect(table).toContain('≥ 50,000 events/s');
    expect(table).toContain('replay.redis: Redis rebuild skipped: connect ECONNREFUSED');
  });
});

describe('bench report table', () => {
  it('has the columns figure, value, budget, baseline and ratio, with no verdict', () => {
    const rows = buildRows([
      run({
        figures: [
          storeFigure,
          {
            id: 'api.full.rps',
            label: 'GET conversations, full speed',
            value: 4400,
            unit: 'req/s',
            budget: { op: '>=', value: 0.5, of: 'ratio' },
            baseline: { label: 'bare node http', value: 6600, unit: 'req/s' },
          },
        ],
      }),
    ]);
    const [header, rule, title, ...lines] = formatTable(rows).split('\n');
    expect(header).toMatch(/^figure\s+value\s+budget\s+baseline \(same run\)\s+ratio$/);
    expect(rule).toMatch(/^-+( +-+){4}$/);
    expect(title).toBe('store — event store appends');
    expect(lines[0]).toMatch(
      /^ {2}event store: one event per call\s+3,000 events\/s\s+6,000 rows\/s \(raw SQLite, 1 row per transaction\)\s+0\.50$/,
    );
    expect(lines[1]).toContain('ratio ≥ 0.5');
    expect(lines[1]).toMatch(/0\.67$/);
    expect(formatTable(rows)).not.toMatch(/\b(pass|fail|met)\b/i);
  });

  it('lines up the columns', () => {
    const rows = buildRows([
      run({ figures: [storeFigure, { id: 'x', label: 'short', value: 1.5, unit: 'ms' }] }),
    ]);
    const lines = formatTable(rows).split('\n');
    const valueEnd = (line: string, value: string) => line.indexOf(value) + value.length;
    expect(valueEnd(lines[3]!, '3,000 events/s')).toBe(valueEnd(lines[4]!, '1.5 ms'));
  });

  it('formats numbers and budgets', () => {
    expect(formatNumber(123_456.7)).toBe('123,457');
    expect(formatNumber(45.67)).toBe('45.7');
    expect(formatNumber(8)).toBe('8');
    expect(formatNumber(0.644)).toBe('0.64');
    expect(formatBudget({ op: '<', value: 10 }, 's')).toBe('< 10 s');
    expect(formatBudget({ op: '>=', value: 10_000 }, 'msg/s')).toBe('≥ 10,000 msg/s');
    expect(formatBudget({ op: '>=', value: 0.5, of: 'ratio' }, 'req/s')).toBe('ratio ≥ 0.5');
    expect(formatBudget(undefined, 'ms')).toBe('');
  });

  it('renders the same rows as Markdown', () => {
    const md = formatMarkdown(buildRows([run({ figures: [storeFigure] })]));
    expect(md.split('\n')).toEqual([
      '| figure | value | budget | baseline (same run) | ratio |',
      '| --- | --- | --- | --- | --- |',
      '| **store — event store appends** | | | | |',
      '| event store: one event per call | 3,000 events/s |  | 6,000 rows/s (raw SQLite, 1 row per transaction) | 0.50 |',
    ]);
  });

  it('lists a clipped error in full under the table', () => {
    const error = `Error: ${'x'.repeat(150)}`;
    const table = formatTable(buildRows([run({ status: 'failed', error })]));
    expect(table).toContain('…');
    expect(table).toContain(`store: failed: ${error}`);
  });
});

describe('bench report JSON', () => {
  it('holds the metadata, every bench as run and the rows', () => {
    const runs = [
      run({
        figures: [{ ...storeFigure, value: 1000, baseline: { ...storeFigure.baseline!, value: 3000 } }],
      }),
      run({ name: 'web', title: 'web', status: 'failed', error: 'vite exploded' }),
    ];
    const report = buildReport(runs, meta);
    expect(report).toMatchObject({ ...meta, benches: runs });
    expect(report.rows.map((r) => [r.bench, r.status, r.ratio])).toEqual([
      ['store', 'ok', 0.333],
      ['web', 'failed', null],
    ]);
    // JSON-safe: no NaN, no undefined values lost in a round trip.
    expect(JSON.parse(JSON.stringify(report))).toEqual(report);
  });

  it('puts a baseline measured by the runner on the figure, unless it has one', () => {
    const redis = { label: 'redis-benchmark HSET', value: 500_000, unit: 'ops/s' };
    const replay = run({
      name: 'replay',
      figures: [{ id: 'replay.redis', label: 'into Redis', value: 20_000, unit: 'events/s' }, storeFigure],
    });
    const updated = withBaseline(replay, 'replay.redis', redis);
    expect(updated.figures[0]!.baseline).toEqual(redis);
    expect(updated.figures[1]!.baseline).toEqual(storeFigure.baseline);
    expect(buildRows([updated])[0]!.ratio).toBeCloseTo(0.04);
    expect(replay.figures[0]!.baseline).toBeUndefined();
  });

  it('is what each bench writes with --json-out (or the environment variable)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-report-'));
    try {
      const file = path.join(dir, 'nested', 'store.json');
      expect(jsonOutPath(undefined, {})).toBeUndefined();
      expect(jsonOutPath(undefined, { ATENDE_BENCH_JSON_OUT: file })).toBe(file);
      expect(jsonOutPath('a.json', { ATENDE_BENCH_JSON_OUT: file })).toBe('a.json');
      writeBenchFigures(undefined, { name: 'store', figures: [storeFigure] });
      writeBenchFigures(file, { name: 'store', params: { single: 3000 }, figures: [storeFigure] });
      expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
        name: 'store',
        params: { single: 3000 },
        figures: [storeFigure],
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(round(12.345, 1)).toBe(12.3);
    expect(round(Number.NaN, 1)).toBeNull();
  });
});

describe('what the runner reads from other tools', () => {
  it('reads requests/s from redis-benchmark -q, progress lines and all', () => {
    const output =
      '\rSET: rps=0.0 (overall: 0.0) avg_msec=-nan (overall: -nan)\r                    \r' +
      'SET: 588235.25 requests per second, p50=0.863 msec\n' +
      '\rHSET: 555555.56 requests per second, p50=0.919 msec\n\n';
    expect(parseRedisBenchmark(output)).toEqual({ SET: 588235.25, HSET: 555555.56 });
    expect(parseRedisBenchmark('Could not connect to Redis at 127.0.0.1:6379')).toEqual({});
  });

  it('reads the /dashboard JS size from the web build', () => {
    const output =
      '\nJS chunks (gzipped):\n     1.2 KB  assets/a.js\n\nJS for /dashboard: 187.3 KB gzipped (budget 200 KB)\n';
    expect(parseDashboardJs(output)).toBe(187.3);
    expect(parseDashboardJs('vite: build failed')).toBeUndefined();
  });

  it("finds a failed bench's error in its stderr", () => {
    const stderr = [
      'npm warn Unknown user config "nodedir".',
      'file:///work/main/scripts/bench-api.ts:120',
      'Error: API answered 500: {"error":"boom"}',
      '    at file:///work/main/scripts/bench-api.ts:120:9',
      'Node.js v20.19.0',
      'npm error Lifecycle script `bench:api` failed with error:',
    ].join('\n');
    expect(errorLine(stderr, 'exited with code 1')).toBe('Error: API answered 500: {"error":"boom"}');
    expect(errorLine('something odd\n', 'exited with code 1')).toBe('something odd');
    expect(errorLine('', 'exited with code 1')).toBe('exited with code 1');
  });
});
