/**
 * npm run bench:memory [-- --messages 1000000] [--sample 100000] [--baseline-messages 200000]
 *                      [--phones 10000] [--window 2000] [--json-out FILE]
 *
 * Memory of an embedded Atende while customers' messages come in: a fresh process with `npm start`'s
 * flags takes --messages WhatsApp messages through the sandbox (`sandbox.inbound()` in-process: the
 * bridge, the log, the projectors) from --phones customers, and after every --sample messages (once
 * they are recorded and projected) its RSS and V8 heap are sampled. The same for the read models in
 * the heap (EMBEDDED_READ_MODELS=memory, the retired design) up to --baseline-messages, as the
 * same-run baseline; once more AT_REST_MS after the last message (at rest). Budget (issue 28): RSS
 * ≤ 300 MB after 1M messages, not growing up to 5M.
 * Figures only. BENCH_MEMORY_HEAP_SNAPSHOT=FILE also writes a V8 heap snapshot of the SQLite run's
 * process at its end (what holds the heap: how the growth of cached domain states was found).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { EMBEDDED_NODE_FLAGS } from '@atende/server';
import { jsonOutPath, round, writeBenchFigures, type BenchFigure } from './bench/report-figures.js';

interface Sample {
  messages: number;
  rssMb: number;
  heapMb: number;
  /** V8 heap in use right after a full collection: what the heap keeps alive (RSS does not shrink). */
  liveHeapMb: number;
  /** RSS right after that collection: what the process holds beyond the garbage V8 keeps room for. */
  rssAfterGcMb: number;
  /** Messages/s recorded and projected since the sample before. */
  rate: number;
}

/** Sampled AT_REST_MS after the last message, nothing coming in: what V8 gave back once idle. */
interface AtRest {
  messages: number;
  rssMb: number;
  heapMb: number;
}

const MB = 1024 * 1024;
/** How long the projectors may take to work off a sample's messages before the run is called broken. */
const SETTLE_TIMEOUT_MS = 10 * 60_000;
/** Idle time before the at-rest sample: V8's memory reducer starts 8 s after the allocations stop. */
const AT_REST_MS = 20_000;

/** The child: one embedded Atende, fed and sampled; prints one JSON sample per line. */
async function child(
  readModels: 'sqlite' | 'memory',
  messages: number,
  every: number,
  phones: number,
  window: number,
) {
  const { embeddedTarget } = await import('./bench/embedded-target.js');
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-memory-'));
  const target = await embeddedTarget(dir, 'normal', { readModels });
  try {
    let sent = 0;
    let since = performance.now();
    while (sent < messages) {
      const end = Math.min(messages, sent + window);
      for (; sent < end; sent += 1) {
        const phone = 5511900000000 + (sent % phones);
        target.send({
          from: String(phone),
          name: `Cliente ${sent % phones}`,
          text: `Mensagem ${sent}: gostaria de saber o prazo de entrega do meu pedido`,
          providerMessageId: `mem-${sent}`,
        });
      }
      await target.recorded();
      if (target.failures() > 0) throw new Error(`bench: ${target.failures()} messages were refused`);
      if (sent % every === 0 || sent === messages) {
        if (!(await target.settled(SETTLE_TIMEOUT_MS)))
          throw new Error('bench: the projectors did not catch up');
        const { rss, heapUsed } = process.memoryUsage();
        const now = performance.now();
        const rate = Math.round(((sent % every || every) / (now - since)) * 1000);
        (globalThis as { gc?: () => void }).gc?.();
        const after = process.memoryUsage();
        const sample: Sample = {
          messages: sent,
          rssMb: round(rss / MB, 1) ?? 0,
          heapMb: round(heapUsed / MB, 1) ?? 0,
          liveHeapMb: round(after.heapUsed / MB, 1) ?? 0,
          rssAfterGcMb: round(after.rss / MB, 1) ?? 0,
          rate,
        };
        since = performance.now(); // the collection is not the ingest's time
        process.stdout.write(`${JSON.stringify(sample)}\n`);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, AT_REST_MS));
    const rest = process.memoryUsage();
    const atRest: AtRest = {
      messages: sent,
      rssMb: round(rest.rss / MB, 1) ?? 0,
      heapMb: round(rest.heapUsed / MB, 1) ?? 0,
    };
    process.stdout.write(`${JSON.stringify({ atRest })}\n`);
  } finally {
    if (process.env.BENCH_MEMORY_HEAP_SNAPSHOT && readModels === 'sqlite') {
      (await import('node:v8')).writeHeapSnapshot(process.env.BENCH_MEMORY_HEAP_SNAPSHOT);
    }
    await target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(
  readModels: 'sqlite' | 'memory',
  messages: number,
  every: number,
  phones: number,
  window: number,
): { samples: Sample[]; atRest?: AtRest } {
  const self = fileURLToPath(import.meta.url);
  const out = execFileSync(
    process.execPath,
    [
      ...EMBEDDED_NODE_FLAGS,
      '--expose-gc',
      '--import',
      'tsx',
      self,
      '--child',
      readModels,
      '--messages',
      String(messages),
      '--sample',
      String(every),
      '--phones',
      String(phones),
      '--window',
      String(window),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 16 * MB },
  );
  const lines = out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Sample | { atRest: AtRest });
  return {
    samples: lines.filter((line): line is Sample => !('atRest' in line)),
    atRest: lines.find((line): line is { atRest: AtRest } => 'atRest' in line)?.atRest,
  };
}

const { values } = parseArgs({
  options: {
    messages: { type: 'string', default: '1000000' },
    sample: { type: 'string', default: '100000' },
    'baseline-messages': { type: 'string', default: '200000' },
    phones: { type: 'string', default: '10000' },
    window: { type: 'string', default: '2000' },
    child: { type: 'string' },
    'json-out': { type: 'string' },
  },
});
const MESSAGES = Math.max(1, Number(values.messages));
const EVERY = Math.max(1, Number(values.sample));
const BASELINE = Math.max(0, Number(values['baseline-messages']));
const PHONES = Math.max(1, Number(values.phones));
const WINDOW = Math.max(1, Number(values.window));

if (values.child) {
  await child(values.child === 'memory' ? 'memory' : 'sqlite', MESSAGES, EVERY, PHONES, WINDOW);
} else {
  const fmt = (n: number) => n.toLocaleString('en-US');
  const { samples: sqlite, atRest: sqliteAtRest } = run('sqlite', MESSAGES, EVERY, PHONES, WINDOW);
  const { samples: heap, atRest: heapAtRest } =
    BASELINE > 0 ? run('memory', BASELINE, EVERY, PHONES, WINDOW) : { samples: [], atRest: undefined };
  console.log(`\nbench:memory — embedded Atende, ${fmt(PHONES)} customers, Node ${process.version}\n`);
  console.log(
    `${'messages'.padStart(10)}${'RSS MB'.padStart(10)}${'heap MB'.padStart(10)}${'live heap'.padStart(11)}${'RSS after GC'.padStart(14)}${'msg/s'.padStart(9)}` +
      `${'in-heap RSS'.padStart(14)}${'heap'.padStart(8)}`,
  );
  for (const s of sqlite) {
    const b = heap.find((h) => h.messages === s.messages);
    console.log(
      `${fmt(s.messages).padStart(10)}${s.rssMb.toFixed(1).padStart(10)}${s.heapMb.toFixed(1).padStart(10)}` +
        `${s.liveHeapMb.toFixed(1).padStart(11)}${s.rssAfterGcMb.toFixed(1).padStart(14)}` +
        `${fmt(s.rate).padStart(9)}${(b ? b.rssMb.toFixed(1) : '').padStart(14)}${(b ? b.heapMb.toFixed(1) : '').padStart(8)}`,
    );
  }
  const at = (samples: Sample[], n: number) => samples.find((s) => s.messages === n);
  const first = at(sqlite, 1_000_000);
  const last = sqlite.at(-1)!;
  const lastHeap = heap.at(-1);
  const figures: BenchFigure[] = [];
  const baselineAt = (n: number) => {
    const b = at(heap, n) ?? lastHeap;
    return b
      ? {
          label: `read models in the heap, RSS after ${fmt(b.messages)} messages`,
          value: b.rssMb,
          unit: 'MB',
        }
      : undefined;
  };
  const rssFigure = (s: Sample, budget?: number): BenchFigure => {
    const baseline = baselineAt(s.messages);
    return {
      id: `memory.rss-${s.messages}`,
      label: `embedded RSS after ${fmt(s.messages)} messages (SQLite read models)`,
      value: s.rssMb,
      unit: 'MB',
      ...(budget !== undefined ? { budget: { op: '<=' as const, value: budget } } : {}),
      ...(baseline ? { baseline } : {}),
      note: `V8 heap ${s.heapMb} MB; ${s.liveHeapMb} MB of it alive after a full GC, RSS then ${s.rssAfterGcMb} MB`,
    };
  };
  if (first) figures.push(rssFigure(first, 300));
  if (last !== first)
    figures.push(rssFigure(last, first ? (round(first.rssMb * 1.1, 1) ?? undefined) : undefined));
  if (sqliteAtRest) {
    console.log(
      `\nat rest, ${AT_REST_MS / 1000} s after the last of ${fmt(sqliteAtRest.messages)} messages: RSS ` +
        `${sqliteAtRest.rssMb} MB, V8 heap ${sqliteAtRest.heapMb} MB` +
        (heapAtRest
          ? ` (read models in the heap, after ${fmt(heapAtRest.messages)}: RSS ${heapAtRest.rssMb} MB)`
          : ''),
    );
    figures.push({
      id: 'memory.rss-at-rest',
      label: `embedded RSS ${AT_REST_MS / 1000} s after the last of ${fmt(sqliteAtRest.messages)} messages (idle: V8's memory reducer has run)`,
      value: sqliteAtRest.rssMb,
      unit: 'MB',
      ...(heapAtRest
        ? {
            baseline: {
              label: `read models in the heap, at rest after ${fmt(heapAtRest.messages)} messages`,
              value: heapAtRest.rssMb,
              unit: 'MB',
            },
          }
        : {}),
      note: `V8 heap ${sqliteAtRest.heapMb} MB`,
    });
  }
  if (first && last.messages > first.messages) {
    console.log(
      `\nRSS ${first.rssMb} MB after 1M messages, ${last.rssMb} MB after ${fmt(last.messages)} ` +
        `(budget: ≤ 300 MB at 1M and not growing; ${last.messages > first.messages ? 'the later row is read against 1M + 10 %' : ''})`,
    );
  }
  writeBenchFigures(jsonOutPath(values['json-out']), {
    name: 'memory',
    params: { messages: MESSAGES, sample: EVERY, baselineMessages: BASELINE, phones: PHONES, window: WINDOW },
    figures,
  });
}
