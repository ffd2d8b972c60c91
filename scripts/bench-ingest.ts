/**
 * npm run bench:ingest [-- --mode embedded|distributed [--log sqlite|postgres] [--read-models memory|sqlite] [--writer-thread] --messages 50000 --phones 1000 --window 500
 *                          --rate 1000 --seconds 10 --rounds 3 --synchronous normal --baseline 10000]
 *
 * --mode distributed runs the gateway, the relay + projector and the channel worker as processes on
 * Kafka (KAFKA_BROKERS) and Redis (REDIS_URL) and drives the sandbox over HTTP (budget p99 ≤ 100 ms).
 *
 * Inbound WhatsApp messages through the sandbox driver of an embedded Atende: `sandbox.inbound()`
 * in-process, the code path of POST /api/sandbox/whatsapp/inbound minus HTTP (sandbox → channel
 * bridge → ReceiveInboundMessage → event log → projector → Socket.IO), with one signed-in agent
 * socket (the demo owner) listening for `whatsapp:newMessage` in a worker thread.
 *
 *  1. Throughput: --messages spread over --phones customers, at most two --window's in flight (the
 *     next window goes once the one before it is recorded, as `sandbox.delivered()` tells). Prints the
 *     sustained rate at which they are recorded in the log and at which they reach the agent socket.
 *  2. Latency: --rounds rounds (3) of a steady --rate for --seconds, each once every consumer has worked
 *     off what came before; each message timed from the call to `inbound()` to its arrival at the agent
 *     socket (cross-thread clock: performance.timeOrigin + performance.now()). The p50 / p99 figures
 *     are of every round's messages together; each round's are printed too.
 *  3. Baseline, same run: raw better-sqlite3 inserts of the same kind of row, one per transaction, and
 *     the event store's own single-event appends awaited one by one (what the bridge does per message).
 *
 * Budgets (issue): >= 10,000 msg/s; p99 <= 25 ms. Figures only, no assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { PerformanceObserver, monitorEventLoopDelay } from 'node:perf_hooks';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { now, startAgent, type AgentData, type Progress } from './bench/ingest-agent.js';
import { countOf, merged, percentile } from './bench/latency-histogram.js';
import { fmt, ms, reportIngest } from './bench/ingest-report.js';
import { signIn } from './bench/sign-in.js';

const DRAIN_MS = 30_000;
const DRAIN_IDLE_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `done()` or no progress for DRAIN_IDLE_MS (at most DRAIN_MS); true when done. */
async function drain(done: () => boolean, count: () => number): Promise<boolean> {
  const started = performance.now();
  let last = -1;
  let lastChange = started;
  while (!done()) {
    const c = count();
    if (c !== last) [last, lastChange] = [c, performance.now()];
    if (performance.now() - started > DRAIN_MS || performance.now() - lastChange > DRAIN_IDLE_MS) {
      return false;
    }
    await sleep(10);
  }
  return true;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      messages: { type: 'string', default: '50000' },
      phones: { type: 'string', default: '1000' },
      window: { type: 'string', default: '500' },
      rate: { type: 'string', default: '1000' },
      seconds: { type: 'string', default: '10' },
      // Latency rounds of --seconds each: one 10 s round's p99 moved by ±40 % from run to run here.
      rounds: { type: 'string', default: '3' },
      synchronous: { type: 'string', default: 'normal' },
      baseline: { type: 'string', default: '10000' },
      'max-seconds': { type: 'string', default: '60' },
      // N−1 other companies' data present (--other-conversations each): many companies per deployment.
      workspaces: { type: 'string', default: '1' },
      'other-conversations': { type: 'string', default: '1000' },
      mode: { type: 'string', default: 'embedded' },
      // Distributed only: the log the processes share (postgres: a throwaway database on the
      // ATENDE_TEST_POSTGRES_URL server, dropped at the end).
      log: { type: 'string', default: 'sqlite' },
      // The "before" figure of issue 26: an event log without sealed fields (embedded only).
      'plain-log': { type: 'boolean', default: false },
      // Embedded only: where the read models live (EMBEDDED_READ_MODELS; issue 28).
      'read-models': { type: 'string', default: 'sqlite' },
      // Embedded only: EMBEDDED_READ_MODELS_WRITER_THREAD=true.
      'writer-thread': { type: 'boolean', default: false },
      // Also write the figures as JSON (npm run bench).
      'json-out': { type: 'string' },
    },
  });
  const MODE = values.mode === 'distributed' ? 'distributed' : 'embedded';
  const MESSAGES = Math.max(1, Number(values.messages));
  const PHONES = Math.max(1, Number(values.phones));
  const WINDOW = Math.max(1, Number(values.window));
  const RATE = Math.max(1, Number(values.rate));
  const SECONDS = Math.max(1, Number(values.seconds));
  const ROUNDS = Math.max(1, Number(values.rounds));
  const BASELINE = Math.max(1, Number(values.baseline));
  const MAX_PHASE_MS = Number(values['max-seconds']) * 1000;
  const synchronous = values.synchronous === 'full' ? 'full' : 'normal';
  const WORKSPACES = Math.max(1, Number(values.workspaces));
  const OTHER_CONVERSATIONS = Math.max(0, Number(values['other-conversations']));

  const [eventStore, targets, { seedOtherWorkspaces }, { measureBaselines }] = await Promise.all([
    import('@atende/event-store'),
    import('./bench/ingest-targets.js'),
    import('./bench/other-workspaces.js'),
    import('./bench/ingest-baselines.js'),
  ]);

  const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-ingest-'));
  let agent: Worker | undefined;
  let atende: Awaited<ReturnType<typeof targets.embeddedTarget>> | undefined;
  const database =
    MODE === 'distributed' && values.log === 'postgres' ? await eventStore.createTestDatabase() : undefined;
  try {
    atende =
      MODE === 'distributed'
        ? await targets.distributedTarget(dir, synchronous, database?.url)
        : await targets.embeddedTarget(dir, synchronous, {
            plainEventLog: values['plain-log'],
            readModels: values['read-models'] === 'memory' ? 'memory' : 'sqlite',
            writerThread: values['writer-thread'],
          });
    const sessionId = atende.sessionId;
    if (WORKSPACES > 1) {
      const seeded = await seedOtherWorkspaces(atende.store, {
        workspaces: WORKSPACES - 1,
        conversationsEach: OTHER_CONVERSATIONS,
      });
      if (!(await atende.settled(300_000)))
        throw new Error('the other workspaces were not projected in 5 min');
      console.log(`${WORKSPACES - 1} other workspaces present: ${fmt(seeded)} events`);
    }

    // Sign in as the demo owner, as the web client does (once the read models hold the account:
    // in distributed mode the projector is another process, maybe still starting).
    await atende.caughtUp();
    const { cookie, userId } = await signIn(atende.url);

    const LATENCY_MESSAGES = RATE * SECONDS;
    const data: AgentData = {
      url: atende.url,
      cookie,
      userId,
      throughput: MESSAGES,
      latency: ROUNDS * LATENCY_MESSAGES,
      latencyRound: LATENCY_MESSAGES,
    };
    let progress: Progress = { tp: 0, lat: 0, tpLastAt: 0 };
    const thread = startAgent(data, (received) => (progress = received));
    agent = thread.worker;
    const result = thread.result;
    await thread.connected;

    console.log(
      `bench:ingest — ${atende.label}, Node ${process.version}; ` +
        `sandbox session ${sessionId}, 1 agent socket (demo owner) in a worker thread`,
    );

    const phones = Array.from({ length: PHONES }, (_, i) => `5511${String(900_000_000 + i)}`);
    const target = atende;
    const send = (seq: number, content: string, id: string) =>
      target.send({
        from: phones[seq % PHONES]!,
        name: `Cliente ${seq % PHONES}`,
        text: content,
        providerMessageId: id,
      });
    const recorded = () => target.recorded();

    // ---- 1. throughput ------------------------------------------------------------------------
    const firstPosition = (await atende.store.lastGlobalPosition()) + 1;
    const tpStart = now();
    const tpLoop = performance.eventLoopUtilization();
    // Garbage collection in this process during the phase (what sealing adds shows here too).
    let tpGcMs = 0;
    const gc = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tpGcMs += entry.duration;
    });
    gc.observe({ entryTypes: ['gc'] });
    const tpDeadline = performance.now() + MAX_PHASE_MS;
    let tpSent = 0;
    let previous: Promise<void> = Promise.resolve();
    /** [messages recorded, time]: each window as it is recorded (the rate along the run). */
    const marks: [number, number][] = [[0, tpStart]];
    while (tpSent < MESSAGES && performance.now() < tpDeadline) {
      const end = Math.min(MESSAGES, tpSent + WINDOW);
      for (; tpSent < end; tpSent += 1) send(tpSent, `tp:${tpSent}`, `tp-${tpSent}`);
      const windowRecorded = recorded().then(() => void marks.push([end, now()]));
      await previous;
      previous = windowRecorded;
    }
    await previous;
    const tpRecordedAt = now();
    // Below ~1, the server thread waited for work: the offered load (--window) did not saturate it.
    const tpBusy = performance.eventLoopUtilization(tpLoop).utilization;
    gc.disconnect();
    // Recorded msg/s in each fifth of the run (conversations grow along it).
    const trend = [1, 2, 3, 4, 5].map((fifth) => {
      const from = marks.findLast(([count]) => count <= ((fifth - 1) * tpSent) / 5)!;
      const to = marks.find(([count]) => count >= (fifth * tpSent) / 5) ?? marks.at(-1)!;
      return fmt(((to[0] - from[0]) * 1000) / Math.max(1, to[1] - from[1]));
    });
    const tpDelivered = await drain(
      () => progress.tp >= tpSent,
      () => progress.tp,
    );
    const tpSocketAt = progress.tpLastAt;

    // What the log holds: every message once, as InboundMessageReceived.
    let inLog = 0;
    let logEvents = 0;
    for (let from = firstPosition; ;) {
      const page = await atende.store.readBatch(from, 5000, { trusted: true });
      if (page.length === 0) break;
      for (const e of page) {
        logEvents += 1;
        const content = (e.data as { content?: unknown }).content;
        if (e.type === 'InboundMessageReceived' && typeof content === 'string' && content.startsWith('tp:')) {
          inLog += 1;
        }
      }
      from = page[page.length - 1]!.globalPosition + 1;
    }
    const tpRecordSeconds = (tpRecordedAt - tpStart) / 1000;
    const tpSocketSeconds = (tpSocketAt - tpStart) / 1000;
    console.log(
      `\n1. throughput: ${fmt(tpSent)} messages over ${fmt(PHONES)} customers, ≤ ${fmt(2 * WINDOW)} in flight` +
        (tpSent < MESSAGES ? ` (stopped after ${values['max-seconds']} s)` : ''),
    );
    console.log(
      `   recorded in the log: ${fmt(inLog)} of ${fmt(tpSent)} in ${tpRecordSeconds.toFixed(2)} s ` +
        `(${fmt(logEvents)} events) → ${fmt(inLog / tpRecordSeconds)} msg/s; server thread busy ${(tpBusy * 100).toFixed(0)} %, ` +
        `garbage collection ${((tpGcMs / (tpRecordedAt - tpStart)) * 100).toFixed(1)} % of the phase` +
        (atende.failures() > 0 ? `; ${atende.failures()} not recorded` : ''),
    );
    console.log(
      `   recorded msg/s by fifth of the run (≈${fmt(tpSent / PHONES / 5)} more messages per conversation ` +
        `each): ${trend.join(' → ')}`,
    );
    console.log(
      `   at the agent socket: ${fmt(progress.tp)} of ${fmt(tpSent)}, the last ${tpSocketSeconds.toFixed(2)} s ` +
        `after the first inbound → ${fmt(progress.tp / tpSocketSeconds)} msg/s` +
        (tpDelivered ? '' : ' (gave up waiting for the rest)'),
    );

    // ---- 2. latency at a steady rate, in rounds -------------------------------------------------
    const loop = monitorEventLoopDelay({ resolution: 1 });
    const interval = 1000 / RATE;
    const rounds: { maxLate: number; sendSeconds: number; recordedSeconds: number; settled: boolean }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      // Steady state: every consumer has worked off what came before the clock starts.
      await atende.caughtUp();
      const settled = await atende.settled(60_000);
      await sleep(500);
      loop.enable();
      const first = round * LATENCY_MESSAGES;
      const latStart = performance.now();
      let latSent = 0;
      let maxLate = 0;
      while (latSent < LATENCY_MESSAGES) {
        const due = Math.min(LATENCY_MESSAGES, Math.floor((performance.now() - latStart) / interval) + 1);
        for (; latSent < due; latSent += 1) {
          maxLate = Math.max(maxLate, performance.now() - (latStart + latSent * interval));
          const seq = first + latSent;
          send(seq, `lat:${seq}:${now().toFixed(3)}`, `lat-${seq}`);
        }
        await sleep(Math.max(0, latStart + latSent * interval - performance.now()));
      }
      const sendSeconds = (performance.now() - latStart) / 1000;
      await recorded();
      const recordedSeconds = (performance.now() - latStart) / 1000;
      await drain(
        () => progress.lat >= first + latSent,
        () => progress.lat,
      );
      loop.disable();
      rounds.push({ maxLate, sendSeconds, recordedSeconds, settled });
    }

    agent.postMessage({ type: 'finish' });
    const final = await result;
    // The figures: every round's messages together (a p99 of ROUNDS × LATENCY_MESSAGES values).
    const all = merged(final.histograms);
    const p50 = percentile(all, final.lat, 50);
    const p99 = percentile(all, final.lat, 99);
    const missing = ROUNDS * LATENCY_MESSAGES - final.lat;
    console.log(
      `\n2. latency: ${ROUNDS} rounds of ${fmt(LATENCY_MESSAGES)} messages at ${fmt(RATE)}/s, each ` +
        (rounds.every((r) => r.settled)
          ? 'started once every consumer had worked off what came before'
          : 'started while consumers were still working off what came before (not settled within 60 s)'),
    );
    rounds.forEach((r, i) => {
      const h = final.histograms[i]!;
      const n = countOf(h);
      console.log(
        `   round ${i + 1}: sent in ${r.sendSeconds.toFixed(1)} s (calls late by up to ${ms(r.maxLate)}; all ` +
          `recorded ${r.recordedSeconds.toFixed(1)} s after the first); p50 ${ms(percentile(h, n, 50))}  ` +
          `p99 ${ms(percentile(h, n, 99))}`,
      );
    });
    console.log(
      `   inbound() → whatsapp:newMessage, all rounds: p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(final.maxMs)}; ` +
        `not delivered ${fmt(missing)}` +
        (final.duplicates > 0 ? `, ${fmt(final.duplicates)} duplicates` : '') +
        (final.unmatched > 0 ? `, ${fmt(final.unmatched)} other messages` : '') +
        (final.disconnects > 0 ? `, socket dropped ${final.disconnects}×` : ''),
    );
    console.log(
      `   server event loop delay: p50 ${ms(loop.percentile(50) / 1e6)}  p99 ${ms(loop.percentile(99) / 1e6)}  ` +
        `max ${ms(loop.max / 1e6)}`,
    );

    await agent.terminate();
    agent = undefined;
    await atende.stop();
    atende = undefined;

    // ---- 3. baselines: the same kind of row, one per transaction ------------------------------
    const { rawRate, storeRate, sealedRate } = await measureBaselines({
      dir,
      synchronous,
      baseline: BASELINE,
      phones,
      sessionId,
    });

    // ---- summary ------------------------------------------------------------------------------
    reportIngest(
      {
        mode: MODE,
        messages: MESSAGES,
        phones: PHONES,
        window: WINDOW,
        rate: RATE,
        seconds: SECONDS,
        rounds: ROUNDS,
        synchronous,
        plainLog: values['plain-log'],
        workspaces: WORKSPACES,
        otherConversations: WORKSPACES > 1 ? OTHER_CONVERSATIONS : 0,
      },
      {
        tpSent,
        inLog,
        tpRecordSeconds,
        tpSocket: progress.tp,
        tpSocketSeconds,
        tpBusy,
        p50,
        p99,
        maxMs: final.maxMs,
        missing,
        rawRate,
        storeRate,
        sealedRate,
      },
      values['json-out'],
    );
  } finally {
    await agent?.terminate();
    await atende?.stop();
    await database?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
