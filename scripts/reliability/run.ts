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
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { AtendeProcess, freePort } from './atende-process.js';
import { killCycles, redelivery } from './case-kills-and-redelivery.js';
import { wipeAndRebuild } from './case-rebuild.js';
import { soakCase } from './case-soak.js';
import { wholeLog } from './case-whole-log.js';
import { int, log, results, seconds, started, type RunContext } from './cases.js';
import type { PhaseSpec } from './checks.js';
import { HttpClient } from './http-client.js';
import { seededRandom } from './sender.js';
import { settings } from './settings.js';

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
  const sent: PhaseSpec[] = [];
  const context: RunContext = { random, atende, client, dataDir, eventsDb, sent };

  try {
    const firstStart = await atende.start();
    log(`Atende ready on ${atende.url} in ${seconds(firstStart)} (pid ${atende.pid})`);

    // ---- A. kill -9 cycles ---------------------------------------------------------------------
    await killCycles(context);

    // ---- B. redelivery -------------------------------------------------------------------------
    await redelivery(context);

    // ---- C. wipe and rebuild -------------------------------------------------------------------
    await wipeAndRebuild(context);

    // ---- D. soak -------------------------------------------------------------------------------
    if (settings.soakSeconds > 0 && settings.soakRate > 0) {
      await soakCase(context);
    }

    // ---- whole log, once more -------------------------------------------------------------------
    await wholeLog(context);
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
