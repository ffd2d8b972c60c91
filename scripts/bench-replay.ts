/**
 * npm run bench:replay [-- --events 1000000] [--rounds 3] [--skip-redis] [--skip-memory] [--plain-log]
 * Generates a realistic event log (its sensitive fields sealed as the product writes them, unless
 * --plain-log: the "before encryption" figure), then rebuilds every projection into SQLite read
 * models (the embedded product), into memory and into Redis, printing events/s next to the store's
 * raw read rate and SQLite's raw batched-insert rate in the same run; then starts Atende on the log,
 * kills it with SIGKILL and times the restart until GET conversations answers. Figures only.
 * The in-memory rebuild runs `--rounds` times, with a rebuild of no projection (reading, parsing and
 * routing the log: the floor under every rebuild) before each: the machines this runs on change
 * speed by ±30 % from one run to the next, so one run says little. The medians are the figures.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { atendeRegistry } from '@atende/events';
import {
  createSqliteEventStore,
  encryptSqliteLog,
  encryptedStore,
  openDeploymentKeys,
  writeEventLogFile,
  checkpointInBackground,
} from '@atende/event-store';
import { MemoryReadModels, RedisReadModels, SqliteReadModels, sealedDocCodec } from '@atende/read-models';
import { allProjections, generateWorkload, rebuild } from '@atende/projector';
import { loadConfig } from '@atende/config';
import { jsonOutPath, round, writeBenchFigures } from './bench/report-figures.js';
import { probeStart, rawBatchedInsertRate } from './bench/replay-sqlite.js';

const { values } = parseArgs({
  options: {
    events: { type: 'string', default: '1000000' },
    rounds: { type: 'string', default: '3' },
    'skip-redis': { type: 'boolean', default: false },
    // The in-heap rebuild rounds (the baseline of the SQLite read models; slow to fill at 5M events).
    'skip-memory': { type: 'boolean', default: false },
    'plain-log': { type: 'boolean', default: false },
    // Also write the figures as JSON (npm run bench).
    'json-out': { type: 'string' },
  },
});
const TOTAL = Number(values.events);
const ROUNDS = Number(values.rounds);
if (!Number.isSafeInteger(ROUNDS) || ROUNDS < 1) {
  console.error(`--rounds must be a whole number of at least 1, got ${values.rounds}`);
  process.exit(2);
}
const rate = (n: number, ms: number) => Math.round((n / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');
/** The middle rate (rounded mean of the two middle ones for an even count). */
const median = (xs: readonly number[]) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
};
/** `median (min–max)` of rates, for people. */
const spread = (rates: readonly number[]) =>
  rates.length === 1
    ? fmt(rates[0]!)
    : `${fmt(median(rates))} (${fmt(Math.min(...rates))}–${fmt(Math.max(...rates))})`;

/** The generated workload as prepared events of workspace 'bench'. */
function* benchEvents(total: number) {
  for (const g of generateWorkload(total)) {
    const event = atendeRegistry.prepare(g.event, {
      workspaceId: 'bench',
      occurredAt: g.occurredAt,
      ...(g.actorId ? { actorId: g.actorId } : {}),
    });
    yield { streamId: g.streamId, event };
  }
}

const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-replay-'));
const file = path.join(dir, 'events.db');
try {
  // 1. Generate straight into the SQLite file (each event still validated by its schema).
  let started = performance.now();
  const count = writeEventLogFile(file, benchEvents(TOTAL));
  console.log(`generated ${fmt(count)} events in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // The keys of DATA_DIR (master.key, keys.db), as the startup probe's embedded start finds them.
  const keys = openDeploymentKeys(dir, undefined);
  if (!values['plain-log']) {
    started = performance.now();
    const sealed = await encryptSqliteLog(file, keys.cipher);
    console.log(
      `sealed ${fmt(sealed.sealed)} events in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  // 2. Baselines: raw SQLite row reads, then the store's readAll (JSON parse + schema + upcast).
  const db = new Database(file, { readonly: true });
  started = performance.now();
  let rows = 0;
  for (const _row of db.prepare('SELECT * FROM events').raw(true).iterate()) rows += 1;
  const rawRowsMs = performance.now() - started;
  db.close();

  const store = encryptedStore(createSqliteEventStore({ filename: file, synchronous: 'normal' }), keys);
  started = performance.now();
  let read = 0;
  for await (const _e of store.readAll(1, { batchSize: 5000 })) read += 1;
  const readAllMs = performance.now() - started;

  // 3. Rebuild every projection into SQLite read models in a fresh file, sealed as the product keeps
  //    them, beside SQLite's own batched-insert rate on the same disk.
  const rawInsertRate = rawBatchedInsertRate(dir, Math.min(count, 1_000_000));
  const sqliteReadModels = new SqliteReadModels({
    filename: path.join(dir, 'bench-read-models.db'),
    ...(values['plain-log'] ? {} : { codec: sealedDocCodec(await keys.cipher.readModelsKey()) }),
    // As the embedded product opens them by default (sqlite-read-models-start.ts).
    backgroundCheckpoint: checkpointInBackground,
  });
  const sqliteReport = await rebuild({ store, readModels: sqliteReadModels, projections: allProjections });
  await sqliteReadModels.close();
  const sqliteRate = rate(sqliteReport.events, sqliteReport.elapsedMs);
  console.log(`every projection into SQLite read models ${fmt(sqliteRate)} events/s`);

  // 4. Rebuild every projection into memory, each round after a rebuild of none (the floor).
  const floorRates: number[] = [];
  const memoryRates: number[] = [];
  for (let pass = 1; pass <= (values['skip-memory'] ? 0 : ROUNDS); pass += 1) {
    const floor = await rebuild({ store, readModels: new MemoryReadModels(), projections: [] });
    floorRates.push(rate(floor.events, floor.elapsedMs));
    const memory = await rebuild({ store, readModels: new MemoryReadModels(), projections: allProjections });
    memoryRates.push(rate(memory.events, memory.elapsedMs));
    console.log(
      `round ${pass}/${ROUNDS}: no projection ${fmt(floorRates.at(-1)!)} events/s, ` +
        `every projection into memory ${fmt(memoryRates.at(-1)!)} events/s`,
    );
  }
  const memoryRate = memoryRates.length > 0 ? median(memoryRates) : undefined;
  const floorRate = floorRates.length > 0 ? median(floorRates) : undefined;

  // 5. Rebuild every projection into Redis (pipelined Lua batches), under a throwaway prefix.
  let redisRate: number | undefined;
  let redisSkipped = values['skip-redis'] ? '--skip-redis' : undefined;
  if (!values['skip-redis']) {
    const config = loadConfig();
    const redis = new RedisReadModels({
      url: config.REDIS_URL,
      prefix: `atende-bench:${process.pid}:`,
      // As the product keeps them: documents sealed at rest (plain for the "before" figure).
      ...(values['plain-log'] ? {} : { codec: sealedDocCodec(await keys.cipher.readModelsKey()) }),
    });
    try {
      await redis.ping();
      const report = await rebuild({
        store,
        readModels: redis,
        projections: allProjections,
        concurrent: true,
      });
      redisRate = rate(report.events, report.elapsedMs);
    } catch (error) {
      console.error(`Redis rebuild skipped: ${(error as Error).message}`);
      redisSkipped = `Redis rebuild skipped: ${(error as Error).message}`;
    } finally {
      await redis.deleteAll().catch(() => undefined);
      await redis.close();
    }
  }
  await store.close();

  // 6. An embedded start on this log (it builds the inbox's read models into read-models.db before
  //    listening), in a fresh process with npm start's flags, killed with SIGKILL once it answered
  //    GET conversations; then the restart after that kill, until it answers the same.
  const startup = await probeStart(dir, 'kill');
  const restart = await probeStart(dir, 'kill');
  if (startup.restored || !restart.restored) {
    throw new Error('bench: expected a build on the first start and the kept read models on the restart');
  }
  if (restart.answerHash !== startup.answerHash || startup.conversations === 0) {
    throw new Error('bench: the restart did not answer GET conversations as the process before it did');
  }

  console.log(
    `\nbench:replay — ${fmt(count)} events, ${allProjections.length} projections, Node ${process.version}\n`,
  );
  const line = (label: string, value: string, budget: string) =>
    console.log(`${label.padEnd(52)}${value.padStart(16)}${budget.padStart(22)}`);
  const opt = (n: number | undefined) => (n === undefined ? 'skipped' : fmt(n));
  const seconds = (ms: number) => (ms / 1000).toFixed(2);
  line('figure', 'events/s', 'budget');
  line('raw SQLite row read (baseline)', fmt(rate(rows, rawRowsMs)), '');
  line('event store readAll (parse + validate)', fmt(rate(read, readAllMs)), '');
  line('raw SQLite batched insert, rows/s (baseline)', fmt(rawInsertRate), '');
  line('rebuild all projections into SQLite read models', fmt(sqliteRate), '>= 100,000');
  line(`rebuild of no projection (median of ${ROUNDS})`, opt(floorRate), '');
  line('rebuild all projections into memory (median)', opt(memoryRate), '');
  line('rebuild all projections into Redis', opt(redisRate), '>= 50,000');
  line('embedded first start until listening (s)', seconds(startup.listeningMs), '');
  line('restart after kill -9 until GET conversations answers (s)', seconds(restart.answeredMs), '<= 1.5 s');
  console.log(
    `\nembedded first start (builds read-models.db): listening after ${seconds(startup.listeningMs)} s; ` +
      `${seconds(startup.sinceProcessStartMs)} s since its process started (modules loaded)`,
  );
  console.log(
    `restart after kill -9: listening after ${seconds(restart.listeningMs)} s, GET conversations answered ` +
      `(${restart.conversations} conversations, same answer as before the kill) after ${seconds(restart.answeredMs)} s; ` +
      `${seconds(restart.sinceProcessStartMs)} s since its process started (modules loaded)`,
  );
  if (memoryRate !== undefined) {
    console.log(`rebuild of no projection, each round: ${spread(floorRates)} events/s`);
    console.log(`rebuild all projections into memory, each round: ${spread(memoryRates)} events/s`);
  }

  const rawRead = { label: 'raw SQLite row read', value: rate(rows, rawRowsMs), unit: 'rows/s' };
  const events = `${fmt(count)} events`;
  writeBenchFigures(jsonOutPath(values['json-out']), {
    name: 'replay',
    params: {
      events: count,
      projections: allProjections.length,
      rounds: ROUNDS,
      redis: !values['skip-redis'],
      plainLog: values['plain-log'],
    },
    figures: [
      {
        id: 'replay.read-all',
        label: `event store readAll (parse + validate), ${events}`,
        value: rate(read, readAllMs),
        unit: 'events/s',
        baseline: rawRead,
      },
      {
        id: 'replay.sqlite',
        label: `rebuild all projections into SQLite read models (sealed), ${events}`,
        value: sqliteRate,
        unit: 'events/s',
        budget: { op: '>=', value: 100_000 },
        baseline: { label: 'raw SQLite batched insert', value: rawInsertRate, unit: 'rows/s' },
      },
      {
        id: 'replay.no-projection',
        label: `rebuild of no projection (read, parse, route), ${events}, median of ${ROUNDS}`,
        value: floorRate ?? null,
        unit: 'events/s',
        baseline: rawRead,
        note: values['skip-memory'] ? '--skip-memory' : `each round: ${floorRates.join(', ')}`,
      },
      {
        id: 'replay.memory',
        label: `rebuild all projections into memory (the retired in-heap design), ${events}, median of ${ROUNDS}`,
        value: memoryRate ?? null,
        unit: 'events/s',
        baseline: rawRead,
        note: values['skip-memory'] ? '--skip-memory' : `each round: ${memoryRates.join(', ')}`,
      },
      {
        id: 'replay.startup',
        label: `embedded first start on ${events} (fresh process, builds read-models.db): until listening`,
        value: round(startup.listeningMs / 1000, 2),
        unit: 's',
      },
      {
        id: 'replay.restart-after-kill',
        label: `restart after kill -9 on ${events}: startEmbedded until GET conversations answers the same`,
        value: round(restart.answeredMs / 1000, 2),
        unit: 's',
        // The budget is for 1M events and more: a smaller log (--quick) is not read against it.
        ...(count >= 1_000_000 ? { budget: { op: '<=' as const, value: 1.5 } } : {}),
        note: `${round(restart.sinceProcessStartMs / 1000, 2)} s since its process started (modules loaded)`,
      },
      {
        id: 'replay.redis',
        label: `rebuild all projections into Redis, ${events}`,
        value: redisRate ?? null,
        unit: 'events/s',
        budget: { op: '>=', value: 50_000 },
        ...(redisSkipped ? { note: redisSkipped } : {}),
      },
    ],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
