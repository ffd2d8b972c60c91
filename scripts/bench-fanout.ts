/**
 * npm run bench:fanout [-- --sockets 2000 --rate 20 --seconds 10 --workers 1]
 *
 * Socket fan-out of an embedded Atende: many signed-in sockets of one workspace (a few members, each
 * session shared by many sockets), then inbound WhatsApp messages appended through the domain at a
 * steady rate. Every socket times, on the client side, the delay from the start of the append to the
 * arrival of its `whatsapp:newMessage`. Prints deliveries and p50/p99/max against the budget
 * 'p99 <= 100 ms'. Figures only, no assertions.
 *
 * The clients run in worker threads (--workers) so they do not share the server's event loop. The run
 * stays bounded: appends stop early when the process grows past --max-rss-mb, appends not started
 * 10 s after the planned end are skipped, and waiting for the last deliveries gives up after
 * --drain-seconds (or 5 s without any).
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { Worker } from 'node:worker_threads';
import { runBareBroadcast } from './bench/fanout-baseline.js';
import { finishClients, now, startClients, waitForDeliveries } from './bench/fanout-clients.js';
import { percentile } from './bench/latency-histogram.js';
import { jsonOutPath, round, writeBenchFigures } from './bench/report-figures.js';
import { signIn } from './bench/sign-in.js';
import { AS_DEPLOYED } from './bench/as-deployed.js';

const MEMBERS = 5;
const CHATS = 100;
const APPEND_GRACE_MS = 10_000;

const fmt = (n: number) => n.toLocaleString('en-US');
const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—');

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      sockets: { type: 'string', default: '2000' },
      rate: { type: 'string', default: '20' },
      seconds: { type: 'string', default: '10' },
      workers: { type: 'string', default: '1' },
      // wire: the light client (scripts/bench/fanout-wire-client.ts); socket.io: socket.io-client.
      client: { type: 'string', default: 'wire' },
      'max-rss-mb': { type: 'string', default: '4096' },
      'drain-seconds': { type: 'string', default: '30' },
      // Also write the figures as JSON (npm run bench).
      'json-out': { type: 'string' },
    },
  });
  const SOCKETS = Math.max(1, Number(values.sockets));
  const RATE = Math.max(1, Number(values.rate));
  const SECONDS = Math.max(1, Number(values.seconds));
  const WORKERS = Math.max(1, Math.min(SOCKETS, Number(values.workers)));
  const MAX_RSS = Number(values['max-rss-mb']) * 1024 * 1024;
  const DRAIN_MS = Number(values['drain-seconds']) * 1000;
  if (values.client !== 'wire' && values.client !== 'socket.io')
    throw new Error('--client: wire or socket.io');
  const CLIENT = values.client;

  const [{ pino }, { loadConfig }, events, { startEmbedded }, { hashPassword }] = await Promise.all([
    import('pino'),
    import('@atende/config'),
    import('@atende/events'),
    import('../apps/gateway/src/embedded/start-embedded.js'),
    import('../apps/gateway/src/auth/password.js'),
  ]);
  const {
    atendeRegistry,
    conversationDecider,
    entitlementAt,
    handleCommand,
    memberDecider,
    streams,
    userDecider,
  } = events;
  const HOST_PLAN = { plan: 'enterprise' as const, trialStartedAt: new Date().toISOString(), trialDays: 7 };

  const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-fanout-'));
  const workers: Worker[] = [];
  let atende: Awaited<ReturnType<typeof startEmbedded>> | undefined;
  try {
    atende = await startEmbedded(
      loadConfig({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SQLITE_SYNCHRONOUS: 'normal',
        LOG_LEVEL: 'silent',
        ...AS_DEPLOYED,
      }),
      pino({ level: 'silent' }),
    );
    const { store, projector } = atende;
    const ws = atende.demo.workspaceId;
    const deps = { store, registry: atendeRegistry };
    const context = { workspaceId: ws, actorId: 'bench' };

    // A few Supervisors (they see every conversation), each signed in once.
    const members: { cookie: string; userId: string }[] = [];
    const passwordHash = await hashPassword('senha-bench-1');
    for (let m = 0; m < Math.min(MEMBERS, SOCKETS); m += 1) {
      const userId = `bench-${m}`;
      const email = `${userId}@bench.local`;
      await handleCommand(
        deps,
        userDecider,
        streams.user(userId),
        {
          type: 'RegisterUser',
          data: { userId, email, name: userId, authProvider: 'local', passwordHash },
        },
        context,
      );
      const added = await handleCommand(
        deps,
        memberDecider,
        streams.member(ws, userId),
        {
          type: 'AddMember',
          data: {
            workspaceId: ws,
            userId,
            name: userId,
            email,
            role: 'Supervisor',
            status: 'active',
            // The demo workspace is on Enterprise: 2,000 agents fit.
            seats: { entitlement: entitlementAt(HOST_PLAN, new Date()), activeMembers: 0 },
          },
        },
        context,
      );
      await projector.waitForPosition(Math.max(...added.globalPositions));
      members.push({ cookie: (await signIn(atende.url, email, 'senha-bench-1')).cookie, userId });
    }

    // The conversations exist before measuring: each message is then one new message in one of them.
    const chats = Array.from({ length: CHATS }, (_, i) => `55119${String(80_000_000 + i)}@c.us`);
    const inbound = (chatId: string, content: string) => {
      const at = new Date().toISOString();
      const messageId = randomUUID();
      return handleCommand(
        deps,
        conversationDecider,
        streams.conversation(ws, chatId),
        {
          type: 'ReceiveInboundMessage',
          data: {
            messageId,
            chatId,
            sessionId: 'bench',
            providerMessageId: `prov-${messageId}`,
            customerId: chatId.slice(0, 13),
            customerName: `Cliente ${chatId.slice(5, 13)}`,
            content,
            type: 'text',
            senderName: `Cliente ${chatId.slice(5, 13)}`,
            senderPhone: chatId.slice(0, 13),
            timestamp: at,
            receivedAt: at,
          },
        },
        context,
      );
    };
    await Promise.all(chats.map((chatId) => inbound(chatId, 'primeira mensagem')));
    await projector.caughtUp();
    await atende.realtime.ready;

    console.log(
      `bench:fanout — ${fmt(SOCKETS)} sockets (${members.length} members), ${RATE} msg/s for ${SECONDS} s, ` +
        `${WORKERS} client thread(s) of ${CLIENT} clients, ${CHATS} conversations`,
    );

    // Clients: one worker after another, each connecting its share in batches of 100.
    const connectStarted = performance.now();
    const { progress, results, connectedCount, failedCount } = await startClients(
      { url: atende.url, members, sockets: SOCKETS, threads: WORKERS, client: CLIENT },
      workers,
    );
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    console.log(
      `connected ${fmt(connectedCount)} sockets in ${connectSeconds.toFixed(1)} s` +
        (failedCount > 0 ? ` (${fmt(failedCount)} failed)` : ''),
    );

    // Steady rate: message i is due at start + i / RATE.
    const total = Math.round(RATE * SECONDS);
    const interval = 1000 / RATE;
    let overloaded = false;
    let peakRss = process.memoryUsage().rss;
    const rssTimer = setInterval(() => {
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      if (peakRss > MAX_RSS) overloaded = true;
    }, 100);
    let appended = 0;
    let appendErrors = 0;
    let firstAppendError: unknown;
    let maxAppendLate = 0;
    let maxAppendMs = 0;
    // One conversation's messages are appended one after the other (as a channel would), so they
    // never race for the same stream version; the time waited in that queue counts as lateness.
    const chains = new Map<string, Promise<void>>();
    const sendStarted = performance.now();
    // A server too slow to take the appends does not stretch the run: what has not started by then is skipped.
    const appendDeadline = sendStarted + SECONDS * 1000 + APPEND_GRACE_MS;
    let skipped = 0;
    let sent = 0;
    while (sent < total && !overloaded) {
      const due = Math.min(total, Math.floor((performance.now() - sendStarted) / interval) + 1);
      for (; sent < due; sent += 1) {
        const scheduled = performance.timeOrigin + sendStarted + sent * interval;
        const chatId = chats[sent % CHATS]!;
        const append = async () => {
          if (performance.now() > appendDeadline) {
            skipped += 1;
            return;
          }
          const t0 = now();
          maxAppendLate = Math.max(maxAppendLate, t0 - scheduled);
          try {
            await inbound(chatId, `bench:${t0.toFixed(3)}`);
            appended += 1;
            maxAppendMs = Math.max(maxAppendMs, now() - t0);
          } catch (error) {
            appendErrors += 1;
            firstAppendError ??= error;
          }
        };
        chains.set(chatId, (chains.get(chatId) ?? Promise.resolve()).then(append));
      }
      const next = sendStarted + sent * interval;
      await new Promise((r) => setTimeout(r, Math.max(0, next - performance.now())));
    }
    await Promise.all(chains.values());
    const sendSeconds = (performance.now() - sendStarted) / 1000;

    // Wait for the last deliveries (bounded: gives up after DRAIN_MS, or 5 s without progress).
    const expected = appended * connectedCount;
    await waitForDeliveries(progress, expected, DRAIN_MS);
    clearInterval(rssTimer);
    peakRss = Math.max(peakRss, process.memoryUsage().rss);

    const { histogram, deliveries, unmatched, maxMs, disconnects, sample } = await finishClients(
      workers,
      results,
    );
    for (const worker of workers.splice(0)) await worker.terminate();
    await atende.stop();
    atende = undefined;

    const p99 = percentile(histogram, deliveries, 99);
    console.log(
      `appended ${fmt(appended)} messages in ${sendSeconds.toFixed(1)} s ` +
        `(${(appended / sendSeconds).toFixed(1)}/s; append max ${ms(maxAppendMs)} ms, ` +
        `started late by up to ${ms(maxAppendLate)} ms` +
        `${appendErrors > 0 ? `; ${appendErrors} failed: ${String(firstAppendError)}` : ''})` +
        (skipped > 0 ? ` — ${fmt(skipped)} not started within ${SECONDS} s + 10 s: skipped` : '') +
        (overloaded ? ` — stopped early: process over ${values['max-rss-mb']} MB` : ''),
    );
    console.log(
      `deliveries: ${fmt(deliveries)} of ${fmt(expected)} expected` +
        (deliveries !== expected ? ` (${fmt(expected - deliveries)} missing)` : '') +
        (unmatched > 0 ? `, ${fmt(unmatched)} other messages` : '') +
        (disconnects > 0 ? `, ${fmt(disconnects)} sockets dropped` : ''),
    );
    console.log(
      `append → whatsapp:newMessage (ms): p50 ${ms(percentile(histogram, deliveries, 50))}  ` +
        `p99 ${ms(p99)}  max ${ms(maxMs)}`,
    );
    console.log(
      `budget 'p99 <= 100 ms': ${p99 <= 100 ? 'met' : 'NOT met'} (peak RSS ${Math.round(peakRss / 1024 / 1024)} MB)`,
    );

    // The same-run baseline: a bare Socket.IO broadcast of the same payload to as many clients.
    const baseline = sample
      ? await runBareBroadcast({
          sockets: SOCKETS,
          rate: RATE,
          seconds: SECONDS,
          workers: WORKERS,
          client: CLIENT,
          sample: sample as Record<string, unknown>,
          drainMs: DRAIN_MS,
        })
      : undefined;
    const baseP99 = baseline ? percentile(baseline.histogram, baseline.deliveries, 99) : NaN;
    const baseP50 = baseline ? percentile(baseline.histogram, baseline.deliveries, 50) : NaN;
    console.log(
      baseline
        ? `same run, bare Socket.IO broadcast of the same payload (emit → arrival, ms): p50 ${ms(baseP50)}  ` +
            `p99 ${ms(baseP99)}  max ${ms(baseline.maxMs)} (${fmt(baseline.deliveries)} of ${fmt(baseline.expected)})`
        : 'same-run baseline skipped: no message reached a socket',
    );

    const what = `${fmt(connectedCount)} sockets, ${RATE} msg/s: append → whatsapp:newMessage`;
    writeBenchFigures(jsonOutPath(values['json-out']), {
      name: 'fanout',
      params: {
        sockets: SOCKETS,
        connected: connectedCount,
        rate: RATE,
        seconds: SECONDS,
        workers: WORKERS,
        client: CLIENT,
      },
      figures: [
        {
          id: 'fanout.p50',
          label: `${what}, p50`,
          value: round(percentile(histogram, deliveries, 50), 1),
          unit: 'ms',
        },
        {
          id: 'fanout.p99',
          label: `${what}, p99`,
          value: round(p99, 1),
          unit: 'ms',
          // The budget is for 2,000 sockets: fewer (--sockets) are not read against it.
          ...(SOCKETS >= 2000 ? { budget: { op: '<=' as const, value: 100 } } : {}),
        },
        { id: 'fanout.max', label: `${what}, max`, value: round(maxMs, 1), unit: 'ms' },
        {
          id: 'fanout.baseline.p99',
          label: `same run: bare Socket.IO broadcast of the same payload to ${fmt(connectedCount)} sockets, p99`,
          value: round(baseP99, 1),
          unit: 'ms',
        },
        {
          id: 'fanout.missing',
          label: `deliveries missing (of ${fmt(expected)} expected)`,
          value: expected - deliveries,
          unit: '',
        },
        {
          id: 'fanout.appended',
          label: `messages appended (of ${fmt(total)} planned), per second`,
          value: round(appended / sendSeconds, 1),
          unit: 'msg/s',
          ...(overloaded ? { note: `stopped early: process over ${values['max-rss-mb']} MB` } : {}),
        },
      ],
    });
  } finally {
    for (const worker of workers) await worker.terminate();
    await atende?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
