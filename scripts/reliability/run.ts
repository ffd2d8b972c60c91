/**
 * npm run test:reliability — crash, redelivery, rebuild and soak checks of the embedded product.
 *
 * One embedded Atende process (`node --import tsx apps/server/src/main.ts`) on a temporary
 * DATA_DIR, driven over HTTP like the sandbox phone and the web client would:
 *   A. kill -9 cycles: RELIABILITY_MESSAGES (20,000) inbound messages from 500 customers, each
 *      retried until acknowledged, while the process is SIGKILLed and restarted 10 times at random
 *      moments (seeded: RELIABILITY_SEED). Then: exactly that many messages, unread counts equal
 *      to each conversation's inbound messages, no duplicate in the API or in the event log.
 *   B. redelivery: every inbound message delivered 2–3 times (concurrently, back to back, or
 *      scattered later) → stored once, same message id in every answer.
 *   C. wipe and rebuild: the read models as the API serves them, then `replay --all --dry-run`
 *      (same as serving), `replay --all` (blue/green switch) and a kill -9 + restart (rebuilt from
 *      the log at start): identical every time.
 *   D. soak: RELIABILITY_SOAK_RATE (200) msg/s for RELIABILITY_SOAK_SECONDS (600) with a signed-in
 *      Socket.IO agent; memory and event-loop stalls from /metrics. Fails only on lost or duplicate
 *      messages (stored or at the socket), never on times.
 * Prints a report; exits 1 when any property was violated.
 */
import { spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { AtendeProcess, freePort } from './atende-process.js';
import {
  InboxReader,
  firstDifference,
  readEventLog,
  snapshot,
  verifyEventLog,
  verifyPhaseThroughApi,
  type PhaseSpec,
  type Snapshot,
} from './checks.js';
import { HttpClient, loginDemo } from './http-client.js';
import { runPool } from './run-pool.js';
import { SendStats, deliver, inboundOf, seededRandom, shuffle, sleep } from './sender.js';
import { mb, soak } from './soak.js';

function intEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    console.error(`${name} must be a whole number ≥ 0, not "${raw}"`);
    process.exit(2);
  }
  return value;
}

const settings = {
  seed: intEnv('RELIABILITY_SEED', randomInt(1, 2 ** 31 - 1)),
  messages: intEnv('RELIABILITY_MESSAGES', 20_000),
  customers: 500,
  kills: intEnv('RELIABILITY_KILLS', 10),
  redeliveryMessages: intEnv('RELIABILITY_REDELIVERY_MESSAGES', 4_000),
  redeliveryCustomers: 200,
  soakSeconds: intEnv('RELIABILITY_SOAK_SECONDS', 600),
  soakRate: intEnv('RELIABILITY_SOAK_RATE', 200),
  soakCustomers: 500,
  concurrency: 32,
};

const REPO = fileURLToPath(new URL('../../', import.meta.url));
const started = performance.now();
const clock = () => `${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s`;
const log = (line: string) => console.log(`[${clock()}] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

interface CaseResult {
  name: string;
  ms: number;
  figures: string[];
  violations: string[];
}
const results: CaseResult[] = [];

/** Runs one case; an exception is a violation of that case (the run goes on when it can). */
async function runCase(
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

/** `node --import tsx scripts/replay.ts …` (what `npm run replay -- …` runs) on DATA_DIR. */
function replay(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'scripts/replay.ts'), ...args],
      {
        cwd: REPO,
        env: { ...process.env, DATA_DIR: dataDir, ATENDE_MODE: 'embedded', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

async function main(): Promise<number> {
  const random = seededRandom(settings.seed);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-reliability-'));
  const port = await freePort();
  const atende = new AtendeProcess(dataDir, port, path.join(dataDir, 'atende.log'));
  const client = new HttpClient(atende.url, 64);
  const eventsDb = path.join(dataDir, 'events.db');
  const onSignal = () => {
    void atende.close().then(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  console.log('== npm run test:reliability');
  console.log(
    `seed ${settings.seed} (repeat with RELIABILITY_SEED=${settings.seed}); DATA_DIR ${dataDir}; ` +
      `${int(settings.messages)} messages × ${settings.kills} kills, ${int(settings.redeliveryMessages)} redelivered, ` +
      `soak ${settings.soakRate} msg/s × ${settings.soakSeconds} s`,
  );

  const specA: PhaseSpec = {
    name: 'A',
    tag: 'a',
    phaseDigit: 1,
    customers: settings.customers,
    messages: settings.messages,
  };
  const specB: PhaseSpec = {
    name: 'B',
    tag: 'b',
    phaseDigit: 2,
    customers: settings.redeliveryCustomers,
    messages: settings.redeliveryMessages,
  };
  const specD: PhaseSpec = {
    name: 'D',
    tag: 'd',
    phaseDigit: 3,
    customers: settings.soakCustomers,
    messages: 0,
  };
  const sent: PhaseSpec[] = [];

  try {
    const firstStart = await atende.start();
    log(`Atende ready on ${atende.url} in ${seconds(firstStart)} (pid ${atende.pid})`);

    // ---- A. kill -9 cycles ---------------------------------------------------------------------
    await runCase(
      `A. kill -9 × ${settings.kills} during ${int(settings.messages)} inbound messages`,
      async (figures, violations) => {
        const N = settings.messages;
        const stats = new SendStats();
        const thresholds = Array.from({ length: settings.kills }, () =>
          Math.floor((0.02 + random() * 0.88) * N),
        ).sort((a, b) => a - b);
        const delays = thresholds.map(() => Math.floor(random() * 150));
        let inFlight = 0;
        let ingestDone = false;
        const kills: { acked: number; inFlight: number; restartMs: number; duringIngest: boolean }[] = [];
        const killer = (async () => {
          for (let k = 0; k < thresholds.length; k += 1) {
            while (stats.acked < thresholds[k]! && !ingestDone) await sleep(2);
            await sleep(delays[k]!);
            const at = { acked: stats.acked, inFlight, duringIngest: !ingestDone };
            await atende.kill9();
            const restartMs = await atende.start();
            kills.push({ ...at, restartMs });
            log(
              `   kill ${k + 1}/${thresholds.length} at ${int(at.acked)} acknowledged, ${at.inFlight} in flight; ` +
                `ready again in ${seconds(restartMs)}`,
            );
          }
        })();
        const t0 = performance.now();
        const ingest = runPool(N, settings.concurrency, async (n, signal) => {
          inFlight += 1;
          try {
            await deliver(client, inboundOf(specA.tag, specA.phaseDigit, specA.customers, n), stats, {
              signal,
            });
          } finally {
            inFlight -= 1;
          }
        }).finally(() => {
          ingestDone = true;
        });
        await Promise.all([ingest, killer]);
        const ingestMs = performance.now() - t0;
        sent.push(specA);
        for (const u of stats.unexpected.slice(0, 10)) violations.push(`unexpected answer: ${u}`);
        const restarts = kills.map((k) => k.restartMs);
        figures.push(
          `ingest ${seconds(ingestMs)} (${int((N / ingestMs) * 1000)} msg/s including restarts), ` +
            `${int(stats.requests)} requests for ${int(stats.acked)} acknowledgements ` +
            `(${int(stats.networkErrors)} network errors, ${int(stats.retryableAnswers)} 503/409 answers retried)`,
          `kills at ${kills.map((k) => int(k.acked)).join(', ')} acknowledged (${kills.filter((k) => k.duringIngest).length} during ingest); ` +
            `restart to ready: mean ${seconds(restarts.reduce((a, b) => a + b, 0) / Math.max(1, restarts.length))}, ` +
            `max ${seconds(Math.max(0, ...restarts))}`,
        );
        const t1 = performance.now();
        const { cookie } = await loginDemo(client);
        const api = await verifyPhaseThroughApi(new InboxReader(client, cookie), specA, violations);
        const eventLog = readEventLog(eventsDb);
        verifyEventLog(eventLog, [specA], violations);
        figures.push(
          `API: ${int(api.conversations)} conversations, Σ messageCount ${int(api.messageCountSum)}, ` +
            `Σ unread ${int(api.unreadSum)}, ${int(api.storedMessages)} on the messages endpoint; ` +
            `event log: ${int(eventLog.inboundByTag.get('a') ?? 0)} inbound, ${eventLog.duplicateProviderIds} duplicate ` +
            `providerMessageIds (checked in ${seconds(performance.now() - t1)})`,
        );
      },
    );

    // ---- B. redelivery -------------------------------------------------------------------------
    await runCase(
      `B. ${int(settings.redeliveryMessages)} inbound messages each delivered 2–3 times`,
      async (figures, violations) => {
        const N = settings.redeliveryMessages;
        type Job = { n: number; copies: number; kind: 'concurrent' | 'back-to-back' | 'scattered' };
        const jobs: Job[] = [];
        const kinds = { concurrent: 0, 'back-to-back': 0, scattered: 0 };
        let deliveries = 0;
        for (let n = 0; n < N; n += 1) {
          const copies = random() < 0.5 ? 2 : 3;
          deliveries += copies;
          const r = random();
          const kind: Job['kind'] = r < 1 / 3 ? 'concurrent' : r < 2 / 3 ? 'back-to-back' : 'scattered';
          kinds[kind] += 1;
          if (kind === 'scattered') for (let c = 0; c < copies; c += 1) jobs.push({ n, copies: 1, kind });
          else jobs.push({ n, copies, kind });
        }
        shuffle(jobs, random);
        const stats = new SendStats();
        const answers = new Map<number, Set<string>>();
        const record = (n: number, messageId: string) => {
          const set = answers.get(n) ?? new Set<string>();
          set.add(messageId);
          answers.set(n, set);
        };
        const t0 = performance.now();
        await runPool(jobs.length, settings.concurrency, async (i, signal) => {
          const job = jobs[i]!;
          const message = inboundOf(specB.tag, specB.phaseDigit, specB.customers, job.n);
          if (job.kind === 'concurrent') {
            const all = await Promise.all(
              Array.from({ length: job.copies }, () => deliver(client, message, stats, { signal })),
            );
            for (const a of all) record(job.n, a.messageId);
          } else {
            for (let c = 0; c < job.copies; c += 1)
              record(job.n, (await deliver(client, message, stats, { signal })).messageId);
          }
        });
        const ms = performance.now() - t0;
        sent.push(specB);
        for (const u of stats.unexpected.slice(0, 10)) violations.push(`unexpected answer: ${u}`);
        const differing = [...answers.values()].filter((s) => s.size !== 1).length;
        if (differing > 0) violations.push(`${differing} messages got different message ids on redelivery`);
        if (answers.size !== N) violations.push(`${answers.size} messages answered, expected ${N}`);
        figures.push(
          `${int(deliveries)} deliveries of ${int(N)} messages in ${seconds(ms)} ` +
            `(${kinds.concurrent} concurrent, ${kinds['back-to-back']} back to back, ${kinds.scattered} scattered); ` +
            `every answer for a message carried the same id: ${differing === 0 ? 'yes' : 'NO'}`,
        );
        const { cookie } = await loginDemo(client);
        const api = await verifyPhaseThroughApi(new InboxReader(client, cookie), specB, violations);
        const eventLog = readEventLog(eventsDb);
        verifyEventLog(eventLog, [specB], violations);
        figures.push(
          `stored: API Σ messageCount ${int(api.messageCountSum)}, Σ unread ${int(api.unreadSum)}, ` +
            `event log ${int(eventLog.inboundByTag.get('b') ?? 0)} inbound events`,
        );
      },
    );

    // ---- C. wipe and rebuild -------------------------------------------------------------------
    await runCase('C. read models wiped and rebuilt from the log', async (figures, violations) => {
      const compare = (label: string, before: Snapshot, after: Snapshot) => {
        const diff = firstDifference(before, after);
        if (diff) violations.push(`${label}: differs at ${diff}`);
        return diff ? 'DIFFERENT' : 'identical';
      };
      let { cookie } = await loginDemo(client);
      let t = performance.now();
      const before = await snapshot(new InboxReader(client, cookie));
      const messageTotal = Object.values(before.messages).reduce((n, m) => n + m.length, 0);
      figures.push(
        `snapshot over the API: ${int(before.conversations.length)} conversations, ${int(messageTotal)} messages ` +
          `(${seconds(performance.now() - t)})`,
      );

      t = performance.now();
      const dry = await replay(dataDir, ['--all', '--dry-run']);
      const rows = dry.out.split('\n').filter((l) => /\s(yes|NO)$/.test(l));
      const differing = rows.filter((l) => l.endsWith('NO')).map((l) => l.trim().split(/\s+/)[0]);
      if (dry.code !== 0 || rows.length === 0)
        violations.push(`replay --all --dry-run failed (${dry.code}):\n${dry.out}`);
      if (differing.length > 0)
        violations.push(`replay --dry-run: not the same as serving: ${differing.join(', ')}`);
      figures.push(
        `replay --all --dry-run: ${rows.length} projections rebuilt in a fresh version, ` +
          `${rows.length - differing.length} same as serving (${seconds(performance.now() - t)})`,
      );

      t = performance.now();
      const switched = await replay(dataDir, ['--all']);
      if (switched.code !== 0) violations.push(`replay --all failed (${switched.code}):\n${switched.out}`);
      const afterReplay = await snapshot(new InboxReader(client, cookie));
      figures.push(
        `replay --all (blue/green switch): ${compare('after replay --all', before, afterReplay)} ` +
          `(${seconds(performance.now() - t)})`,
      );

      t = performance.now();
      await atende.kill9();
      const restartMs = await atende.start();
      ({ cookie } = await loginDemo(client));
      const afterRestart = await snapshot(new InboxReader(client, cookie));
      figures.push(
        `kill -9 + restart (listening after ${seconds(restartMs)}: read models resumed from read-models.db): ` +
          `${compare('after restart', before, afterRestart)} (${seconds(performance.now() - t)})`,
      );
    });

    // ---- D. soak -------------------------------------------------------------------------------
    if (settings.soakSeconds > 0 && settings.soakRate > 0) {
      await runCase(
        `D. soak: ${settings.soakRate} msg/s for ${settings.soakSeconds} s with a signed-in agent socket`,
        async (figures, violations) => {
          const { cookie, userId } = await loginDemo(client);
          const s = await soak({
            client,
            cookie,
            userId,
            seconds: settings.soakSeconds,
            rate: settings.soakRate,
            customers: specD.customers,
            phaseDigit: specD.phaseDigit,
            tag: specD.tag,
            concurrency: settings.concurrency,
            log,
          });
          specD.messages = s.acked;
          sent.push(specD);
          for (const u of s.stats.unexpected.slice(0, 10)) violations.push(`unexpected answer: ${u}`);
          if (s.acked !== s.planned) violations.push(`${s.acked} of ${s.planned} messages acknowledged`);
          if (s.socketDuplicates > 0)
            violations.push(`the agent socket got ${s.socketDuplicates} messages twice`);
          if (s.socketReceived !== s.acked) {
            violations.push(
              `the agent socket got ${s.socketReceived} of ${s.acked} messages (${s.socketDisconnects} disconnects)`,
            );
          }
          const all = [s.baseline, ...s.samples];
          const last = s.samples[s.samples.length - 1] ?? s.baseline;
          const fifth = Math.max(1, Math.floor(all.length / 5));
          // Heap used swings with the young generation: the
          // trend is the old generation's low-water marks (after major collections), first fifth vs last.
          const oldFloor = (list: typeof all) => Math.min(...list.map((x) => x.oldGenerationBytes));
          const oldFirst = oldFloor(all.slice(0, fifth));
          const oldLast = oldFloor(all.slice(-fifth));
          const per10k = ((oldLast - oldFirst) / Math.max(1, s.acked * (1 - 1 / 5))) * 10_000;
          figures.push(
            `${int(s.acked)}/${int(s.planned)} acknowledged in ${seconds(s.elapsedS * 1000)} (${s.achievedRate.toFixed(1)} msg/s, ` +
              `worst send start ${int(s.maxStartLagMs)} ms behind schedule); ack p50 ${s.ackP50Ms.toFixed(1)} ms, ` +
              `p99 ${s.ackP99Ms.toFixed(1)} ms, max ${s.ackMaxMs.toFixed(0)} ms; ${s.retries} retries`,
            `agent socket: ${int(s.socketReceived)} whatsapp:newMessage received, ${s.socketDuplicates} duplicates, ` +
              `${s.socketDisconnects} disconnects`,
            `RSS ${mb(s.baseline.rssBytes)} → ${mb(last.rssBytes)} (max ${mb(Math.max(...all.map((x) => x.rssBytes)))}, ` +
              `growth ${mb(last.rssBytes - s.baseline.rssBytes)})`,
            `heap used ${mb(s.baseline.heapUsedBytes)} → ${mb(last.heapUsedBytes)} (max ${mb(Math.max(...all.map((x) => x.heapUsedBytes)))}); ` +
              `old generation ${mb(s.baseline.oldGenerationBytes)} → ${mb(last.oldGenerationBytes)}, low-water mark ` +
              `${mb(oldFirst)} in the first fifth, ${mb(oldLast)} in the last: ≈ ${mb(per10k)} per 10k messages kept`,
            `GC during the soak: ${int(last.gcCount - s.baseline.gcCount)} collections ` +
              `(${int(last.majorGcCount - s.baseline.majorGcCount)} major, ${int(last.gcOver100Ms - s.baseline.gcOver100Ms)} over 100 ms), ` +
              `${seconds((last.gcSeconds - s.baseline.gcSeconds) * 1000)} in total`,
            `longest event-loop stall ${s.longestStallMs.toFixed(1)} ms, in the scrape window ending ${Math.round(s.longestStallAtS)} s into it ` +
              `(prom-client nodejs_eventloop_lag_max_seconds, max over ${s.samples.length} scrapes); ` +
              `worst p99 of a 5 s window ${s.worstLagP99Ms.toFixed(1)} ms`,
          );
          const t = performance.now();
          const { cookie: c2 } = await loginDemo(client);
          const api = await verifyPhaseThroughApi(new InboxReader(client, c2), specD, violations);
          const lost = s.acked - Math.min(api.messageCountSum, s.acked);
          if (lost > 0) violations.push(`${lost} acknowledged messages lost`);
          figures.push(
            `stored: Σ messageCount ${int(api.messageCountSum)}, Σ unread ${int(api.unreadSum)}, ` +
              `lost ${lost} (checked in ${seconds(performance.now() - t)})`,
          );
        },
      );
    }

    // ---- whole log, once more -------------------------------------------------------------------
    await runCase('All cases together: the whole log and inbox', async (figures, violations) => {
      const { cookie } = await loginDemo(client);
      const inbox = new InboxReader(client, cookie);
      const conversations = await inbox.conversations();
      const stats = await inbox.stats();
      const expected = sent.reduce((n, s) => n + s.messages, 0);
      const unread = conversations.reduce((n, c) => n + c.unreadCount, 0);
      const count = conversations.reduce((n, c) => n + c.messageCount, 0);
      if (count !== expected) violations.push(`Σ messageCount ${count}, expected ${expected}`);
      if (unread !== expected) violations.push(`Σ unreadCount ${unread}, expected ${expected}`);
      if (stats.unreadTotal !== expected)
        violations.push(`stats.unreadTotal ${String(stats.unreadTotal)}, expected ${expected}`);
      if (new Set(conversations.map((c) => c.id)).size !== conversations.length) {
        violations.push('a conversation is listed twice across pages');
      }
      const eventLog = readEventLog(eventsDb);
      verifyEventLog(eventLog, sent, violations);
      if (eventLog.inbound !== expected)
        violations.push(`${eventLog.inbound} inbound events, expected ${expected}`);
      figures.push(
        `${int(conversations.length)} conversations, Σ messageCount ${int(count)}, Σ unread ${int(unread)} ` +
          `(stats ${String(stats.unreadTotal)}); event log ${int(eventLog.events)} events, ${int(eventLog.inbound)} inbound, ` +
          `duplicates: providerMessageId ${eventLog.duplicateProviderIds}, message id ${eventLog.duplicateMessageIds}, ` +
          `ConversationStarted ${eventLog.duplicateConversationStarts}, event id ${eventLog.duplicateEventIds}`,
      );
    });
  } catch (error) {
    results.push({
      name: 'setup',
      ms: 0,
      figures: [],
      violations: [`aborted: ${(error as Error).stack ?? String(error)}\n${atende.output()}`],
    });
  } finally {
    await atende.close();
    client.close();
  }

  const failed = results.some((r) => r.violations.length > 0);
  console.log(
    `\n== Reliability report (seed ${settings.seed}, total ${seconds(performance.now() - started)})`,
  );
  for (const r of results) {
    console.log(`\n${r.violations.length === 0 ? 'PASS' : 'FAIL'}  ${r.name}  (${seconds(r.ms)})`);
    for (const f of r.figures) console.log(`      ${f}`);
    for (const v of r.violations) console.log(`   ✗  ${v}`);
  }
  if (failed) {
    console.log(
      `\nFAILED. Data and the process log kept in ${dataDir} (atende.log); repeat with RELIABILITY_SEED=${settings.seed}.`,
    );
  } else {
    if (process.env.RELIABILITY_KEEP_DATA !== '1') rmSync(dataDir, { recursive: true, force: true });
    console.log('\nAll reliability properties held.');
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
