/**
 * test:reliability's case D: a steady rate for a while with a signed-in agent socket (soak.ts drives
 * it); fails only on lost or duplicate messages, the memory and event-loop figures are printed.
 */
import { InboxReader, verifyPhaseThroughApi, type PhaseSpec } from './checks.js';
import { int, log, runCase, seconds, type CaseResult, type RunContext } from './cases.js';
import { loginDemo } from './http-client.js';
import { settings } from './settings.js';
import { mb, soak } from './soak.js';

export function soakCase({ client, sent }: RunContext): Promise<CaseResult> {
  const specD: PhaseSpec = {
    name: 'D',
    tag: 'd',
    phaseDigit: 3,
    customers: settings.soakCustomers,
    messages: 0,
  };
  return runCase(
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
