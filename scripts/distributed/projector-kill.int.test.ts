import { Redis } from 'ioredis';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { RedisReadModels } from '../../libs/read-models/src/index.js';
import { describeWithRedis, testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import { allProjections } from '@atende/projector';
import { runPool } from '../reliability/run-pool.js';
import {
  conversationsOnGateway,
  deploymentDocCodec,
  testDeploymentEnv,
  sendInbound,
  startRole,
  cleanUpSuite,
  type RunningProcess,
} from './process-harness.js';

// Enough traffic that the kill lands mid-batch with thousands still to come (the multi-host suite
// kills every role again under its own traffic); kept small enough for CI's 45 minutes.
const MESSAGES = 8_000;
const CUSTOMERS = 200;
const CONCURRENCY = 64;

describeWithRedis('distributed mode faults', () => {
  describeWithKafka('the projector killed with SIGKILL mid-ingest and restarted', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    let dir: string;
    const processes: RunningProcess[] = [];
    let env: Record<string, string>;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'atende-fault-'));
      env = await testDeploymentEnv(dir, prefix, testKafkaBrokers().join(','));
    });

    // Every process the suite started, also one a failed test never listed (a restarted projector).
    afterAll(() => cleanUpSuite(prefix, dir), 60_000);

    it(`ends with exactly ${MESSAGES.toLocaleString('en-US')} messages and right unread counts`, async () => {
      processes.push(await startRole('gateway', env));
      let projector = await startRole('projector', env);
      processes.push(await startRole('channel-worker', env));

      // Every message is retried until acknowledged (sendInbound): the saturated channel worker
      // dropping a connection is part of the run, only a message never acknowledged fails it.
      let sent = 0;
      let killed = false;
      await runPool(MESSAGES, CONCURRENCY, async (n, signal) => {
        const from = `55119${String(10_000_000 + (n % CUSTOMERS))}`;
        await sendInbound(env.SANDBOX_PORT!, from, `mensagem ${n}`, `fault-${n}`, { signal });
        sent += 1;
        if (!killed && sent >= MESSAGES / 3) {
          killed = true;
          await projector.kill9(); // mid-ingest: a batch may be half applied, its offsets not committed
          projector = await startRole('projector', env);
        }
      });
      processes.push(projector);
      expect(sent).toBe(MESSAGES);

      // Read the outcome through a gateway, as the agents would.
      const rows = await conversationsOnGateway(`http://127.0.0.1:${env.PORT}`, '55119', MESSAGES);
      expect(rows).toHaveLength(CUSTOMERS);
      expect(rows.reduce((n, r) => n + r.messageCount, 0)).toBe(MESSAGES);
      expect(new Set(rows.map((r) => r.messageCount))).toEqual(new Set([MESSAGES / CUSTOMERS]));
      expect(new Set(rows.map((r) => r.unreadCount))).toEqual(new Set([MESSAGES / CUSTOMERS]));
    }, 600_000); // 8,000 messages through four processes sharing 2 cores with the other suites

    it('after Redis is flushed, npm run replay rebuilds identical read models', async () => {
      // No live writer while comparing: stop the projector (the log stays as it is).
      const projector = processes.find((p) => p.output().includes('relay and projector running'));
      await projector?.stop();
      const readModels = new RedisReadModels({
        url: testRedisUrl(),
        prefix: `${prefix}rm:`,
        codec: await deploymentDocCodec(dir),
      });
      const dump = async () => {
        const out: Record<string, unknown> = {};
        for (const p of allProjections) {
          const { docs, indexes } = await readModels.view(p.name).dump();
          out[p.name] = { docs, indexes };
        }
        return out;
      };
      try {
        const before = await dump();
        expect(
          Object.keys((before.messages as { docs: { message?: object } }).docs.message ?? {}),
        ).toHaveLength(MESSAGES);
        const redis = new Redis(testRedisUrl());
        const keys = await redis.keys(`${prefix}rm:*`);
        await redis.del(...keys);
        await redis.quit();
        expect(await readModels.view('messages').checkpoint()).toBe(0);

        const replay = spawnSync(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(__dirname, '../replay.ts'),
            '--all',
            '--target',
            'redis',
            '--prefix',
            `${prefix}rm:`,
          ],
          { env: { ...process.env, ...env }, encoding: 'utf8', timeout: 120_000 },
        );
        expect(replay.status).toBe(0);
        expect(await dump()).toEqual(before);
      } finally {
        await readModels.close();
      }
    }, 180_000);
  });
});
