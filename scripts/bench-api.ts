/**
 * npm run bench:api — GET /api/whatsapp/conversations for a workspace with 10,000 conversations,
 * measured with autocannon, next to a bare Node http server answering a same-size JSON in the same
 * run. Prints req/s, p50/p99 and the ratio. Figures only.
 * --workspaces N (default 1) measures with N−1 other companies' data present (--other-conversations
 * each, default 1,000): one deployment serving many companies.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { atendeRegistry, streams } from '@atende/events';
import { startEmbedded } from '@atende/gateway';
import { seedOtherWorkspaces } from './bench/other-workspaces.js';
import { jsonOutPath, round, writeBenchFigures } from './bench/report-figures.js';
import { signIn } from './bench/sign-in.js';
import { AS_DEPLOYED } from './bench/as-deployed.js';

const { values } = parseArgs({
  options: {
    conversations: { type: 'string', default: '10000' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '1000' },
    workspaces: { type: 'string', default: '1' },
    'other-conversations': { type: 'string', default: '1000' },
    // Also write the figures as JSON (npm run bench).
    'json-out': { type: 'string' },
  },
});
const CONVERSATIONS = Number(values.conversations);
const DURATION = Number(values.seconds);
const STEADY_RATE = Number(values.rate);
const WORKSPACES = Math.max(1, Number(values.workspaces));
const OTHER_CONVERSATIONS = Math.max(0, Number(values['other-conversations']));
/** Figure ids and labels name the companies present when there are others. */
const WS_TAG = WORKSPACES > 1 ? `.ws${WORKSPACES}` : '';
const WS_LABEL = WORKSPACES > 1 ? `, ${WORKSPACES} workspaces` : '';

/** Closed loop at full speed (throughput), or a steady `rate` of requests per second (latency at load). */
async function measure(url: string, headers: Record<string, string> = {}, rate?: number) {
  const result = await autocannon({
    url,
    // autocannon spreads a rate over its connections in bursts: one connection paces it evenly.
    connections: rate ? 1 : 10,
    duration: DURATION,
    headers,
    workers: 1,
    ...(rate ? { overallRate: rate } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors,
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'atende-bench-api-'));
try {
  const atende = await startEmbedded(
    loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dir, SQLITE_SYNCHRONOUS: 'normal', ...AS_DEPLOYED }),
    pino({ level: 'silent' }),
  );
  const ws = atende.demo.workspaceId;
  const batch = [];
  for (let i = 0; i < CONVERSATIONS; i += 1) {
    const chatId = `55${11900000000 + i}@c.us`;
    const at = new Date(Date.parse('2026-11-01T12:00:00Z') + i * 1000).toISOString();
    batch.push(
      atende.store.appendToStream(streams.conversation(ws, chatId), [
        atendeRegistry.prepare(
          {
            type: 'ConversationStarted',
            data: {
              chatId,
              sessionId: 's1',
              channel: 'whatsapp',
              customerId: chatId.slice(0, 13),
              customerName: `Cliente ${i}`,
              type: 'private',
            },
          },
          { workspaceId: ws, occurredAt: at },
        ),
        atendeRegistry.prepare(
          {
            type: 'InboundMessageReceived',
            data: {
              messageId: `m${i}`,
              chatId,
              sessionId: 's1',
              providerMessageId: `p${i}`,
              content: 'Olá, gostaria de saber o prazo de entrega do meu pedido',
              type: 'text',
              mediaUrl: null,
              mediaStatus: 'none',
              senderName: `Cliente ${i}`,
              senderPhone: chatId.slice(0, 13),
              timestamp: at,
            },
          },
          { workspaceId: ws, occurredAt: at },
        ),
      ]),
    );
  }
  await Promise.all(batch);
  const otherEvents =
    WORKSPACES > 1
      ? await seedOtherWorkspaces(atende.store, {
          workspaces: WORKSPACES - 1,
          conversationsEach: OTHER_CONVERSATIONS,
        })
      : 0;
  // Measure the API at rest: the inbox read models and the background ones (analytics, suggestions)
  // have applied the 20,000 seeded events.
  await atende.projector.caughtUp();
  await atende.backgroundProjector.caughtUp();

  const { cookie, userId } = await signIn(atende.url);
  const apiUrl = `${atende.url}/api/whatsapp/conversations?userId=${encodeURIComponent(userId)}`;
  const sample = await fetch(apiUrl, { headers: { cookie } });
  const body = await sample.text();
  if (sample.status !== 200) throw new Error(`API answered ${sample.status}: ${body.slice(0, 200)}`);

  const bare = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(body);
  });
  await new Promise<void>((r) => bare.listen(0, '127.0.0.1', r));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}/`;

  const baselineSteady = await measure(bareUrl, {}, STEADY_RATE);
  const apiSteady = await measure(apiUrl, { cookie }, STEADY_RATE);
  const baseline = await measure(bareUrl);
  const loop = monitorEventLoopDelay({ resolution: 1 });
  loop.enable();
  const api = await measure(apiUrl, { cookie });
  loop.disable();
  bare.close();
  await atende.stop();

  console.log(
    `\nbench:api — GET conversations, ${CONVERSATIONS.toLocaleString('en-US')} conversations in the workspace` +
      (WORKSPACES > 1
        ? ` (+ ${WORKSPACES - 1} other workspaces: ${otherEvents.toLocaleString('en-US')} events)`
        : '') +
      `, answer ${(body.length / 1024).toFixed(1)} KB, ${DURATION} s × 10 connections\n`,
  );
  console.log(
    `${''.padEnd(36)}${'req/s'.padStart(10)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(8)}`,
  );
  const steady = `at ${STEADY_RATE.toLocaleString('en-US')} req/s`;
  for (const [label, r] of [
    ['bare node http (baseline)', baseline],
    ['atende gateway', api],
    [`bare node http, ${steady}`, baselineSteady],
    [`atende gateway, ${steady}`, apiSteady],
  ] as const) {
    console.log(
      `${label.padEnd(36)}${Math.round(r.rps).toLocaleString('en-US').padStart(10)}${String(r.p50).padStart(9)}${String(r.p99).padStart(9)}${String(r.errors).padStart(8)}`,
    );
  }
  console.log(
    `\ngateway event loop delay: p99 ${(loop.percentile(99) / 1e6).toFixed(1)} ms, max ${(loop.max / 1e6).toFixed(1)} ms`,
  );
  console.log(
    `ratio atende/bare: ${(api.rps / baseline.rps).toFixed(2)}   budget: ratio >= 0.50 (full speed), p99 <= 5 ms (${steady})`,
  );

  const convs = `${CONVERSATIONS.toLocaleString('en-US')} conversations${WS_LABEL}`;
  const bareLabel = (what: string) => `bare node http, ${what}`;
  writeBenchFigures(jsonOutPath(values['json-out']), {
    name: 'api',
    params: {
      workspaces: WORKSPACES,
      otherConversations: WORKSPACES > 1 ? OTHER_CONVERSATIONS : 0,
      conversations: CONVERSATIONS,
      seconds: DURATION,
      rate: STEADY_RATE,
      answerKB: round(body.length / 1024, 1) ?? 0,
    },
    figures: [
      {
        id: `api${WS_TAG}.full.rps`,
        label: `GET conversations (${convs}), full speed, 10 connections`,
        value: Math.round(api.rps),
        unit: 'req/s',
        budget: { op: '>=', value: 0.5, of: 'ratio' },
        baseline: { label: bareLabel('full speed'), value: Math.round(baseline.rps), unit: 'req/s' },
      },
      {
        id: `api${WS_TAG}.full.p99`,
        label: `GET conversations (${convs}), full speed, p99`,
        value: api.p99,
        unit: 'ms',
        baseline: { label: bareLabel('full speed'), value: baseline.p99, unit: 'ms' },
      },
      {
        id: `api${WS_TAG}.steady.p50`,
        label: `GET conversations (${convs}), ${steady}, p50`,
        value: apiSteady.p50,
        unit: 'ms',
        baseline: { label: bareLabel(steady), value: baselineSteady.p50, unit: 'ms' },
      },
      {
        id: `api${WS_TAG}.steady.p99`,
        label: `GET conversations (${convs}), ${steady}, p99`,
        value: apiSteady.p99,
        unit: 'ms',
        // The budget is for 10k conversations: fewer (--conversations) are not read against it.
        ...(CONVERSATIONS >= 10_000 ? { budget: { op: '<=' as const, value: 5 } } : {}),
        baseline: { label: bareLabel(steady), value: baselineSteady.p99, unit: 'ms' },
      },
      {
        id: `api${WS_TAG}.errors`,
        label: `GET conversations${WS_LABEL}: non-2xx answers and errors (both runs)`,
        value: api.errors + apiSteady.errors,
        unit: '',
      },
      {
        id: `api${WS_TAG}.event-loop.p99`,
        label: `gateway event loop delay at full speed${WS_LABEL}, p99`,
        value: round(loop.percentile(99) / 1e6, 1),
        unit: 'ms',
      },
    ],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
