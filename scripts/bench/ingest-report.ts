/**
 * bench:ingest's summary: the table it prints at the end, and the same figures as JSON for
 * `npm run bench` (--json-out). Also how the bench prints numbers and milliseconds.
 */
import { jsonOutPath, round, writeBenchFigures } from './report-figures.js';

export const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
export const ms = (n: number) => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : '—');

/** What the run was asked for (as written to the JSON; a type alias, which, unlike an interface, fits its Record type). */
export type IngestParams = {
  mode: 'embedded' | 'distributed';
  messages: number;
  phones: number;
  window: number;
  rate: number;
  seconds: number;
  /** Latency rounds of `seconds` each: the latency figures are of all of them together. */
  rounds: number;
  synchronous: 'normal' | 'full';
  plainLog: boolean;
  workspaces: number;
  otherConversations: number;
};

/** What the run measured. */
export interface IngestFigures {
  /** Phase 1: messages sent, recorded in the log, delivered to the agent socket. */
  tpSent: number;
  inLog: number;
  tpRecordSeconds: number;
  tpSocket: number;
  tpSocketSeconds: number;
  /** Event loop utilization of the server thread during phase 1. */
  tpBusy: number;
  /** Phase 2 (ms), and the messages not delivered. */
  p50: number;
  p99: number;
  maxMs: number;
  missing: number;
  /** Phase 3. */
  rawRate: number;
  storeRate: number;
  sealedRate: number;
}

export function reportIngest(
  params: IngestParams,
  figures: IngestFigures,
  jsonOut: string | undefined,
): void {
  const { mode: MODE, rate: RATE, phones: PHONES, workspaces: WORKSPACES } = params;
  const { tpSent, inLog, tpRecordSeconds, tpSocketSeconds, tpBusy, p50, p99, missing } = figures;
  const { rawRate, storeRate, sealedRate } = figures;
  const table: [string, string, string][] = [
    [
      'inbound recorded in the log (sustained)',
      `${fmt(inLog / tpRecordSeconds)} msg/s`,
      MODE === 'embedded' ? '≥ 10,000 msg/s' : '—',
    ],
    ['inbound at the agent socket (sustained)', `${fmt(figures.tpSocket / tpSocketSeconds)} msg/s`, '—'],
    [`inbound() → agent socket at ${fmt(RATE)} msg/s, p50`, ms(p50), '—'],
    [
      `inbound() → agent socket at ${fmt(RATE)} msg/s, p99`,
      ms(p99),
      MODE === 'embedded' ? '≤ 25 ms' : '≤ 100 ms',
    ],
    [`inbound() → agent socket at ${fmt(RATE)} msg/s, max`, ms(figures.maxMs), '—'],
    ['not delivered to the agent socket', fmt(missing), '—'],
    ['baseline: raw better-sqlite3, 1 row per transaction', `${fmt(rawRate)} rows/s`, '—'],
    ['baseline: event store, 1 event per append (serial)', `${fmt(storeRate)} events/s`, '—'],
    // A key is made for each new customer (1 message in 10 here): the ingest's cost is bench:encryption.
    ['  the same, fields sealed (encrypted log)', `${fmt(sealedRate)} events/s`, '—'],
  ];
  console.log(`\n${'figure'.padEnd(52)}${'value'.padStart(16)}  budget`);
  for (const [figure, value, budget] of table) {
    console.log(`${figure.padEnd(52)}${value.padStart(16)}  ${budget}`);
  }

  const id = `${MODE === 'embedded' ? 'ingest' : 'ingest-distributed'}${WORKSPACES > 1 ? `.ws${WORKSPACES}` : ''}`;
  const wsLabel = WORKSPACES > 1 ? `, ${WORKSPACES} workspaces` : '';
  const raw = { label: 'raw SQLite, 1 row per transaction', value: Math.round(rawRate), unit: 'rows/s' };
  const latency = `inbound → agent socket at ${fmt(RATE)} msg/s${WORKSPACES > 1 ? `, ${WORKSPACES} workspaces` : ''}`;
  // The latency budgets are for 1,000 msg/s: another --rate is not read against them.
  const latencyBudget =
    RATE === 1000 ? { op: '<=' as const, value: MODE === 'embedded' ? 25 : 100 } : undefined;
  writeBenchFigures(jsonOutPath(jsonOut), {
    name: id,
    params,
    figures: [
      {
        id: `${id}.recorded`,
        label: `inbound recorded in the log, ${fmt(tpSent)} msgs / ${fmt(PHONES)} customers${wsLabel} (sustained)`,
        value: round(inLog / tpRecordSeconds),
        unit: 'msg/s',
        ...(MODE === 'embedded' ? { budget: { op: '>=' as const, value: 10_000 } } : {}),
        baseline: raw,
        note: `server thread busy ${(tpBusy * 100).toFixed(0)} %`,
      },
      {
        id: `${id}.socket`,
        label: `inbound at the agent socket${wsLabel} (sustained)`,
        value: round(figures.tpSocket / tpSocketSeconds),
        unit: 'msg/s',
      },
      { id: `${id}.p50`, label: `${latency}, p50`, value: round(p50, 1), unit: 'ms' },
      {
        id: `${id}.p99`,
        label: `${latency}, p99`,
        value: round(p99, 1),
        unit: 'ms',
        ...(latencyBudget ? { budget: latencyBudget } : {}),
      },
      { id: `${id}.max`, label: `${latency}, max`, value: round(figures.maxMs, 1), unit: 'ms' },
      { id: `${id}.missing`, label: 'not delivered to the agent socket', value: missing, unit: '' },
      {
        id: `${id}.store-serial`,
        label: 'event store, 1 event per append (serial)',
        value: Math.round(storeRate),
        unit: 'events/s',
        baseline: raw,
      },
      {
        id: `${id}.store-serial-sealed`,
        label: 'event store, 1 event per append (serial), fields sealed',
        value: Math.round(sealedRate),
        unit: 'events/s',
        baseline: { label: 'the same, plain', value: Math.round(storeRate), unit: 'events/s' },
      },
    ],
  });
}
