/**
 * npm run bench:store [-- --synchronous normal] — appends/s of the SQLite event store next to raw
 * better-sqlite3 inserts of the same rows, measured in the same run. Figures only, no pass/fail.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { atendeRegistry, newId, type NewEvent } from '@atende/events';
import { INSERT_EVENT_SQL, SCHEMA_SQL, createSqliteEventStore, eventRowValues } from '@atende/event-store';
import { jsonOutPath, writeBenchFigures } from './bench/report-figures.js';

const { values } = parseArgs({
  options: {
    synchronous: { type: 'string', default: 'full' },
    single: { type: 'string', default: '3000' },
    batches: { type: 'string', default: '300' },
    // Also write the figures as JSON (npm run bench).
    'json-out': { type: 'string' },
  },
});
const synchronous = values.synchronous === 'normal' ? 'normal' : 'full';
const SINGLE = Number(values.single);
const BATCHES = Number(values.batches);
const BATCH_SIZE = 100;

function makeEvent(i: number): NewEvent {
  return atendeRegistry.prepare(
    {
      type: 'NoteCreated',
      data: {
        noteId: newId(),
        authorId: 'bench-user',
        title: `Nota ${i}`,
        content: `Cliente pediu retorno sobre o pedido ${i}; confirmar prazo de entrega e forma de pagamento.`,
        reminder: null,
        tags: ['bench', 'pedido'],
        isPinned: false,
      },
    },
    { workspaceId: 'bench' },
  );
}

function rate(count: number, ms: number): number {
  return Math.round((count / ms) * 1000);
}

async function timed(fn: () => Promise<void> | void): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-store-'));
try {
  const singles = Array.from({ length: SINGLE }, (_, i) => makeEvent(i));
  const batched = Array.from({ length: BATCHES }, (_, b) =>
    Array.from({ length: BATCH_SIZE }, (_, i) => makeEvent(b * BATCH_SIZE + i)),
  );
  const concurrent = Array.from({ length: SINGLE * 3 }, (_, i) => makeEvent(i));

  // Atende store
  const store = createSqliteEventStore({ filename: path.join(dir, 'atende.db'), synchronous });
  const storeSingleMs = await timed(async () => {
    for (const [i, e] of singles.entries()) await store.appendToStream(`note-s${i % 50}`, [e]);
  });
  const storeBatchMs = await timed(async () => {
    for (const [i, batch] of batched.entries()) await store.appendToStream(`note-b${i % 50}`, batch);
  });
  const storeConcurrentMs = await timed(async () => {
    await Promise.all(concurrent.map((e, i) => store.appendToStream(`note-c${i % 500}`, [e])));
  });
  await store.close();

  // Raw better-sqlite3: same schema, same rows, same pragmas, no validation, no version check.
  const db = new Database(path.join(dir, 'raw.db'));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous.toUpperCase()}`);
  db.exec(SCHEMA_SQL);
  const insert = db.prepare(INSERT_EVENT_SQL);
  const counters = new Map<string, number>();
  const row = (stream: string, e: NewEvent) => {
    const pos = (counters.get(stream) ?? -1) + 1;
    counters.set(stream, pos);
    insert.run(...eventRowValues(stream, pos, e));
  };
  const insertMany = db.transaction((stream: string, events: NewEvent[]) =>
    events.forEach((e) => row(stream, e)),
  );
  const rawSingleMs = await timed(() => singles.forEach((e, i) => insertMany(`s${i % 50}`, [e])));
  const rawBatchMs = await timed(() => batched.forEach((b, i) => insertMany(`b${i % 50}`, b)));
  db.close();

  const rows = [
    ['one event per call (awaited one by one)', rate(SINGLE, storeSingleMs), rate(SINGLE, rawSingleMs)],
    [
      'batches of 100 events',
      rate(BATCHES * BATCH_SIZE, storeBatchMs),
      rate(BATCHES * BATCH_SIZE, rawBatchMs),
    ],
    [
      'one event per call, concurrent (group commit)',
      rate(concurrent.length, storeConcurrentMs),
      rate(SINGLE, rawSingleMs),
    ],
  ] as const;
  console.log(`\nbench:store — SQLite WAL, synchronous=${synchronous}, Node ${process.version}\n`);
  console.log(
    `${'workload'.padEnd(48)}${'atende events/s'.padStart(17)}${'raw sqlite rows/s'.padStart(19)}${'ratio'.padStart(8)}`,
  );
  for (const [label, ours, raw] of rows) {
    console.log(
      `${label.padEnd(48)}${ours.toLocaleString('en-US').padStart(17)}${raw.toLocaleString('en-US').padStart(19)}${(ours / raw).toFixed(2).padStart(8)}`,
    );
  }
  console.log('\n(raw = one transaction per call with a prepared INSERT: no validation, no version check.)');

  const ids = ['single', 'batch100', 'concurrent'];
  const raws = ['1 row per transaction', 'batches of 100 rows', '1 row per transaction'];
  writeBenchFigures(jsonOutPath(values['json-out']), {
    name: 'store',
    params: { synchronous, single: SINGLE, batches: BATCHES, batchSize: BATCH_SIZE },
    figures: rows.map(([label, ours, raw], i) => ({
      id: `store.${ids[i]}`,
      label: `event store: ${label}, synchronous=${synchronous}`,
      value: ours,
      unit: 'events/s',
      baseline: { label: `raw SQLite, ${raws[i]}`, value: raw, unit: 'rows/s' },
    })),
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
