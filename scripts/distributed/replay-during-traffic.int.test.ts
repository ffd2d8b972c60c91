import Database from 'better-sqlite3';
import { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { RedisCheckpointStore } from '../../libs/read-models/src/index.js';
import { describeWithRedis, testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import { LIVE_PROJECTOR_POSITION, allProjections } from '@atende/projector';
import { runPool } from '../reliability/run-pool.js';
import { runOpsScript, type Run } from '../ops/run-ops-script.js';
import {
  cleanUpSuite,
  conversationsOnGateway,
  sendInbound,
  startRole,
  testDeploymentEnv,
} from './process-harness.js';

// Issue 27: `npm run replay -- --all --target redis` during traffic left the live projector stuck at
// the switch position (consumer group empty, SIGTERM ignored). Two replays run while customers write.

const MESSAGES = 1500;
const CUSTOMERS = 50;
const CONCURRENCY = 16;

/** The last global position of the SQLite log (read-only beside the writers: WAL). */
function logEnd(dir: string): number {
  const db = new Database(path.join(dir, 'events.db'), { readonly: true, fileMustExist: true });
  try {
    return (db.prepare('SELECT MAX(global_position) AS n FROM events').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describeWithRedis('distributed mode: replay during traffic', () => {
  describeWithKafka('npm run replay -- --all --target redis while customers write', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    let dir: string;
    let env: Record<string, string>;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'atende-replay-'));
      env = await testDeploymentEnv(dir, prefix, testKafkaBrokers().join(','));
    });

    afterAll(() => cleanUpSuite(prefix, dir), 60_000);

    it('the live projector keeps up, serves every message, switches in the rebuilds and stops on SIGTERM', async () => {
      await startRole('gateway', env);
      const projector = await startRole('projector', env);
      await startRole('channel-worker', env);

      // The replay CLI, as an operator runs it: the prefix comes from ATENDE_REDIS_PREFIX. Two runs,
      // one after the other, each switching while the live projector applies the traffic around it.
      const replay = () => runOpsScript('replay.ts', ['--all', '--target', 'redis'], env);
      let replays: Promise<Run[]> = Promise.resolve([]);
      let sent = 0;
      await runPool(MESSAGES, CONCURRENCY, async (n, signal) => {
        const from = `55118${String(10_000_000 + (n % CUSTOMERS))}`;
        await sendInbound(env.SANDBOX_PORT!, from, `mensagem ${n}`, `replay-${n}`, { signal });
        sent += 1;
        if (sent === MESSAGES / 5 || sent === (MESSAGES * 3) / 5) {
          replays = replays.then(async (done) => [...done, await replay()]);
        }
      });
      expect(sent).toBe(MESSAGES);
      for (const run of await replays) {
        if (run.code !== 0) throw new Error(`replay exited with ${run.code}:\n${run.stderr}`);
        expect(run.stdout).toContain('Switched');
      }

      // Still progressing: the published position reaches the log's end.
      const end = logEnd(dir);
      const positions = new RedisCheckpointStore({ url: testRedisUrl(), prefix });
      try {
        const deadline = Date.now() + 60_000;
        let position = 0;
        while (position < end && Date.now() < deadline) {
          await new Promise((r) => setTimeout(r, 200));
          position = (await positions.load(LIVE_PROJECTOR_POSITION)) ?? 0;
        }
        if (position < end) {
          throw new Error(`projector stuck at ${position} of ${end}:\n${projector.output().slice(-4000)}`);
        }
      } finally {
        await positions.close();
      }

      // Every acknowledged message is served.
      const rows = await conversationsOnGateway(`http://127.0.0.1:${env.PORT}`, '55118', MESSAGES, 60_000);
      expect(rows).toHaveLength(CUSTOMERS);
      expect(rows.reduce((n, r) => n + r.messageCount, 0)).toBe(MESSAGES);

      // The rebuilt versions serve: each projection was switched twice (v1 → v2 → v3).
      const redis = new Redis(testRedisUrl());
      try {
        for (const p of allProjections)
          expect([p.name, await redis.get(`${prefix}rm:${p.name}:active`)]).toEqual([p.name, '3']);
      } finally {
        await redis.quit();
      }

      // A clean stop, promptly: SIGTERM, not the harness's SIGKILL after the grace period.
      const asked = Date.now();
      await projector.stop(20_000);
      expect({ signal: projector.child.signalCode, code: projector.child.exitCode }).toEqual({
        signal: null,
        code: 0,
      });
      expect(Date.now() - asked).toBeLessThan(10_000);
    }, 300_000);
  });
});
