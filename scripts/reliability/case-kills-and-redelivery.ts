/**
 * test:reliability's cases A and B: inbound messages under faults, then checked in the API and the log.
 *   A. each retried until acknowledged while the process is SIGKILLed and restarted at random moments:
 *      exactly that many messages stored.
 *   B. every message delivered 2–3 times (concurrently, back to back, or scattered later): stored
 *      once, with the same message id in every answer.
 */
import {
  InboxReader,
  readEventLog,
  verifyEventLog,
  verifyPhaseThroughApi,
  type PhaseSpec,
} from './checks.js';
import { int, log, runCase, seconds, type CaseResult, type RunContext } from './cases.js';
import { loginDemo } from './http-client.js';
import { runPool } from './run-pool.js';
import { SendStats, deliver, inboundOf, shuffle, sleep } from './sender.js';
import { settings } from './settings.js';

/** A. kill -9 cycles. */
export function killCycles({ random, atende, client, eventsDb, sent }: RunContext): Promise<CaseResult> {
  const specA: PhaseSpec = {
    name: 'A',
    tag: 'a',
    phaseDigit: 1,
    customers: settings.customers,
    messages: settings.messages,
  };
  return runCase(
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
}

/** B. redelivery. */
export function redelivery({ random, client, eventsDb, sent }: RunContext): Promise<CaseResult> {
  const specB: PhaseSpec = {
    name: 'B',
    tag: 'b',
    phaseDigit: 2,
    customers: settings.redeliveryCustomers,
    messages: settings.redeliveryMessages,
  };
  return runCase(
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
}
