/**
 * npm run test:multihost — Atende across three hosts (Linux network namespaces on one bridge),
 * under faults. Needs root (`ip netns`), PostgreSQL 15, redis-server and the Kafka jars
 * (`npm run kafka:install`).
 *
 *   infra  PostgreSQL, Redis, Kafka (throwaway, bound to the host's address, started here)
 *   b      gateway + channel worker + a standby projector
 *   c      gateway + projector + channel worker
 *
 * Customers write through the sandbox phone (whichever channel worker answers), agents sign in on
 * both gateways, each keeping a socket, and answer through both. Phases, each with traffic before,
 * during and after its fault: none; kill -9 of every role; Kafka restarted on its data; Kafka
 * restarted empty (data lost); host b, then host c cut off the network for 10 s (b's worker may run
 * the WhatsApp session then; the active projector, c's or b's standby once it took over, moves to the
 * other host). Both gateways start at the same moment on an empty log. Then every acknowledged
 * message must be in the log, in the API and at both sockets (agents' replies: in the log, the API
 * and the phone) exactly once. Prints the table; exits 1 when anything was lost or duplicated, a
 * role did not come back, or a check failed.
 *
 * MULTIHOST_BURST (100) messages before and after each fault, MULTIHOST_RATE (10/s) during it;
 * MULTIHOST_KEEP_DATA=1 keeps the run's folder (kept anyway when the run fails).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { InboxReader, verifyPhaseThroughApi } from '../reliability/checks.js';
import { HttpClient, loginDemo } from '../reliability/http-client.js';
import { RETRYABLE_CODES, SendStats, deliver, sleep } from '../reliability/sender.js';
import { untilAcknowledged } from '../reliability/until-acknowledged.js';
import { stopAllProcesses } from '../distributed/process-harness.js';
import { AgentSocket } from './agent-socket.js';
import { Deployment, GATEWAY_PORT, REDIS_PREFIX, SANDBOX_PORT, type Role } from './deployment.js';
import { FailoverClient } from './failover-client.js';
import { startInfra, type Infra } from './infra.js';
import { SUBNET, createNetwork, destroyNetwork, setLink, type Host } from './netns.js';
import { printReport, type Row } from './report.js';
import { apiTally, evaluate, logTally, phoneTally, storedCount, type Item } from './tally.js';
import { runPhase, type Agent, type TrafficOptions } from './traffic.js';

function envInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a whole number ≥ 1`);
  return value;
}

const settings = {
  burst: envInt('MULTIHOST_BURST', 100),
  rate: envInt('MULTIHOST_RATE', 10),
  concurrency: 16,
  customers: 20,
  replyEvery: 10,
  replyCustomers: 10,
  partitionMs: 10_000,
};
/** The agents' own customers: Rio phones (the phases' customers are São Paulo's, 5511<phase digit>…). */
const replyCustomer = (n: number) => ({
  from: `55219${String(n).padStart(8, '0')}`,
  name: `Cliente R${n}`,
  text: `rr:${n}`,
  providerMessageId: `rel-rr-${n}`,
});
/** A channel worker restoring its sessions, or one that does not run the session: ask again, or the other. */
const NOT_HERE: ReadonlySet<string> = new Set([
  ...RETRYABLE_CODES,
  'SANDBOX_SESSION_NOT_FOUND',
  'SANDBOX_SESSION_NOT_HERE',
]);

const started = performance.now();
const log = (line: string) =>
  console.log(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)} s] ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const url = (host: Host, port: number) => `http://${host.ip}:${port}`;

/** Signs the demo owner in on `host`'s gateway (once it is ready) and opens the agent's socket. */
async function signIn(
  host: Host,
  other: Host,
): Promise<{ agent: Agent; client: FailoverClient; socket: AgentSocket }> {
  const client = new FailoverClient([url(host, GATEWAY_PORT), url(other, GATEWAY_PORT)]);
  const gateway = new HttpClient(url(host, GATEWAY_PORT));
  // Ready (read models caught up) before the first try: failed sign-ins are throttled.
  await untilAcknowledged(
    `readyz@${host.name}`,
    async () => {
      const { status } = await gateway.request('GET', '/readyz');
      if (status !== 200) throw new Error(`/readyz ${status}`);
    },
    { deadlineMs: 120_000 },
  );
  const { value } = await untilAcknowledged(`login@${host.name}`, () => loginDemo(gateway), {
    deadlineMs: 60_000,
  });
  gateway.close();
  const socket = new AgentSocket(`socket@${host.name}`, url(host, GATEWAY_PORT), value.cookie, value.userId);
  await socket.open();
  return { agent: { client, cookie: value.cookie }, client, socket };
}

async function main(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), 'atende-multihost-'));
  const rows: Row[] = [];
  const violations: string[] = [];
  /** Roles that ended by themselves and were started again, with the phase it happened in. */
  const notes: string[] = [];
  /** What the roles warned of or failed at (printed when the run fails; bus stalls always noted). */
  const roleWarnings: string[] = [];
  let phaseName = 'start';
  const closers: (() => void)[] = [];
  let infra: Infra | undefined;
  let deployment: Deployment | undefined;
  const cleanUp = async () => {
    for (const close of closers.splice(0)) close();
    log('stopping the roles and the servers');
    await deployment?.stopAll().catch((e: unknown) => violations.push(`stopping the roles: ${String(e)}`));
    if (deployment) {
      log(`role logs in ${deployment.writeLogs()}`);
      roleWarnings.push(...deployment.warnings());
    }
    await infra?.stop().catch((e: unknown) => violations.push(`stopping the infra: ${String(e)}`));
    await stopAllProcesses(); // a start still pending when a sibling failed
    destroyNetwork(); // kills whatever is left in the namespaces (the Kafka JVM after a failed stop)
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  process.once('SIGTERM', () => void cleanUp().finally(() => process.exit(143)));

  try {
    const hosts = createNetwork(['infra', 'b', 'c']);
    const [infraHost, b, c] = hosts as [Host, Host, Host];
    log(`hosts: infra ${infraHost.ip}, b ${b.ip}, c ${c.ip}; run folder ${dir}`);
    infra = await startInfra(infraHost, dir, SUBNET);
    log('infra up: PostgreSQL, Redis, Kafka');
    deployment = new Deployment(infra, dir, (exit) => {
      log(`   ${exit}; its host's supervisor starts it again`);
      notes.push(`${phaseName}: ${exit} (restarted by its host's supervisor)`);
    });
    const d = deployment;
    // Both gateways at the same moment: both try to make the demo workspace on an empty log, and
    // the one that loses the race must carry on with the other's (not exit on USER_EXISTS).
    await Promise.all([d.start('gateway', b), d.start('gateway', c), d.start('projector', c)]);
    // A second projector on the other host, in standby until c's lease lapses (kill -9, partition).
    await d.start('projector', b);
    // Workers restore their sessions from the read models: once the projector runs.
    await Promise.all([d.start('channel-worker', b), d.start('channel-worker', c)]);
    log(
      'roles up: gateway@b, gateway@c, projector@c, projector@b (standby), channel-worker@b, channel-worker@c',
    );

    // Customers' messages reach both workers in turn (both record into the same conversations).
    const phone = new FailoverClient([url(b, SANDBOX_PORT), url(c, SANDBOX_PORT)], {
      notHere: NOT_HERE,
      spread: true,
    });
    closers.push(() => phone.close());
    const signedIn = [await signIn(b, c), await signIn(c, b)];
    for (const s of signedIn)
      closers.push(
        () => s.socket.close(),
        () => s.agent.client.close(),
      );
    // The agents' own conversations: their customers write first (this also waits for the phone).
    const replyConversations: string[] = [];
    for (let n = 0; n < settings.replyCustomers; n += 1) {
      const delivered = await deliver(phone, replyCustomer(n), new SendStats(), { retryable: NOT_HERE });
      replyConversations.push(delivered.conversationId);
    }
    log('agents signed in on both gateways, sockets open, the phone answers');

    const kill = (role: Role, host: Host) => async () =>
      `up again in ${seconds(await d.killAndRestart(role, host))}`;
    const timed = (run: () => Promise<void>) => async () => {
      const t0 = performance.now();
      await run();
      return `back in ${seconds(performance.now() - t0)}`;
    };
    const cutOff = (host: Host) =>
      timed(async () => {
        setLink(host, false);
        try {
          await sleep(settings.partitionMs);
        } finally {
          setLink(host, true);
        }
      });
    const tenSeconds = `${settings.partitionMs / 1000} s`;
    const kafka = infra;
    const phases = [
      { name: 'no fault', tag: 'w' },
      { name: 'kill -9 gateway@b', tag: 'gb', fault: kill('gateway', b) },
      { name: 'kill -9 channel-worker@b', tag: 'wb', fault: kill('channel-worker', b) },
      { name: 'kill -9 projector@c', tag: 'pc', fault: kill('projector', c) },
      { name: 'kill -9 gateway@c', tag: 'gc', fault: kill('gateway', c) },
      { name: 'kill -9 channel-worker@c', tag: 'wc', fault: kill('channel-worker', c) },
      { name: 'Kafka restarted, data kept', tag: 'kr', fault: timed(() => kafka.restartKafka(true)) },
      { name: 'Kafka restarted empty (data lost)', tag: 'kl', fault: timed(() => kafka.restartKafka(false)) },
      { name: `host b cut off for ${tenSeconds}`, tag: 'nb', fault: cutOff(b) },
      { name: `host c cut off for ${tenSeconds}`, tag: 'nc', fault: cutOff(c) },
    ];
    const traffic: TrafficOptions = {
      phone,
      retryable: NOT_HERE,
      agents: signedIn.map((s) => s.agent),
      replyConversations,
      ...settings,
    };
    const clients = [phone, ...signedIn.map((s) => s.client)];
    const failovers = () => clients.reduce((n, c) => n + c.failovers, 0);
    const results = [];
    for (const [digit, phase] of phases.entries()) {
      log(`── ${phase.name}`);
      phaseName = phase.name;
      const failoversBefore = failovers();
      const result = await runPhase(traffic, { ...phase, digit });
      results.push({ phase, digit, result });
      const failedOver = failovers() - failoversBefore;
      log(
        `   ${result.inbound.length} messages and ${result.replies.length} replies acknowledged` +
          `${result.faultFigure ? `; ${result.faultFigure}` : ''}; ${failedOver} requests failed over to the other ` +
          `server, ${result.stats.requests - result.stats.acked} sent again`,
      );
      for (const f of result.failures) violations.push(`${phase.name}: ${f}`);
      for (const u of result.stats.unexpected.slice(0, 5))
        violations.push(`${phase.name}: unexpected answer ${u}`);
      if (result.failures.length > 0) break; // not acknowledged: the deployment did not recover
    }

    // Everything acknowledged must show up everywhere: wait for it (bounded), then count.
    phaseName = 'after the phases';
    const inboundItems = results.flatMap((r) => r.result.inbound);
    const replyItems = results.flatMap((r) => r.result.replies);
    const sockets = signedIn.map((s) => s.socket);
    const inbox = new InboxReader(signedIn[0]!.agent.client, signedIn[0]!.agent.cookie);
    const t0 = performance.now();
    for (;;) {
      const stored = await storedCount(inbox, /^5511/).catch(() => -1);
      const atSockets = sockets.every((s) => inboundItems.every((i) => s.timesReceived(i.text) > 0));
      const received = await phoneTally(infra.redisUrl, REDIS_PREFIX).catch(() => new Map<string, number>());
      const onPhone = replyItems.every((i) => received.has(i.id));
      if ((stored >= inboundItems.length && atSockets && onPhone) || performance.now() - t0 > 180_000) break;
      await sleep(1_000);
    }
    await sleep(1_000); // a late duplicate would show by now
    log(`converged (or gave up) after ${seconds(performance.now() - t0)}; counting`);
    for (const s of sockets)
      log(`   ${s.label}: ${s.disconnects} disconnects, each followed by a reconnect that resumed`);

    const logged = await logTally(infra.eventStoreUrl);
    const api = await apiTally(inbox);
    const phoned = await phoneTally(infra.redisUrl, REDIS_PREFIX);
    const inboundPlaces = [
      { name: 'log', times: (i: Item) => logged.inbound.get(i.id) ?? 0 },
      { name: 'API', times: (i: Item) => api.texts.get(i.text) ?? 0 },
      ...sockets.map((s) => ({ name: s.label, times: (i: Item) => s.timesReceived(i.text) })),
    ];
    for (const { phase, digit, result } of results) {
      rows.push({
        name: phase.name,
        figure: result.faultFigure,
        outcome: evaluate(result.inbound, inboundPlaces),
      });
      if (result.failures.length === 0) {
        const spec = {
          name: phase.name,
          tag: phase.tag,
          phaseDigit: digit,
          customers: settings.customers,
          messages: result.sent,
        };
        await verifyPhaseThroughApi(inbox, spec, violations, { conversations: api.conversations });
      }
    }
    rows.push({
      name: 'agents’ replies (both gateways → phone)',
      figure: '',
      outcome: evaluate(replyItems, [
        { name: 'log', times: (i) => logged.outbound.get(i.id) ?? 0 },
        { name: 'API', times: (i) => api.agentIds.get(i.id) ?? 0 },
        { name: 'phone', times: (i) => phoned.get(i.id) ?? 0 },
      ]),
    });
    for (const s of sockets) {
      if (s.resyncs > 0) violations.push(`${s.label}: ${s.resyncs} resync (the gateway could not replay)`);
    }
    for (const exited of d.exited()) violations.push(`${exited} is not running at the end`);
    violations.push(...d.failedRestarts);
  } catch (error) {
    violations.push(`aborted: ${(error as Error).stack ?? String(error)}`);
  } finally {
    await cleanUp();
  }

  notes.push(...(deployment?.slowStops ?? []));
  // Not failures when the run passes: the bus was silent and the role read from the log instead.
  notes.push(...roleWarnings.filter((w) => w.includes('event bus silent')));
  const failed = printReport(rows, violations, notes, (performance.now() - started) / 1000, roleWarnings);
  if (failed || process.env.MULTIHOST_KEEP_DATA === '1') console.log(`Run folder kept: ${dir}`);
  else rmSync(dir, { recursive: true, force: true });
  return failed ? 1 : 0;
}

// The harness unrefs the processes it starts (for Jest), so waiting for a role's exit after its
// SIGKILL holds no handle: without this the run could end in the middle of its cleanup, with code 0.
const hold = setInterval(() => undefined, 60_000);
main().then(
  (code) => {
    clearInterval(hold);
    process.exit(code);
  },
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
