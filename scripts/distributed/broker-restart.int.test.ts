import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describeWithKafka } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { describeWithRedis } from '../../libs/read-models/src/testing/infra.js';
import { runPool } from '../reliability/run-pool.js';
import {
  conversationsOnGateway,
  sendInbound,
  startRole,
  cleanUpSuite,
  testDeploymentEnv,
  withRoleLogs,
  type RunningProcess,
} from './process-harness.js';

// The broker is stopped a third of the way in, so thousands arrive while it is away and after it is back.
const MESSAGES = 3_000;
const CUSTOMERS = 60;
const CONCURRENCY = 32;
const BROKER = path.resolve(__dirname, '../kafka/kafka-broker.mjs');
const execFileAsync = promisify(execFile);

/**
 * This test's own broker (the shared one stays up for the other suites). Asynchronous: a broker start
 * blocked the test's event loop for seconds mid-ingest, and under load a request then failed on a
 * connection the sandbox had closed meanwhile ("other side closed").
 */
async function broker(command: string, port: number, ...flags: string[]): Promise<void> {
  try {
    await execFileAsync(process.execPath, [BROKER, command, ...flags], {
      env: {
        ...process.env,
        ATENDE_KAFKA_PORT: String(port),
        ATENDE_KAFKA_CONTROLLER_PORT: String(port + 1),
      },
      encoding: 'utf8',
      timeout: 90_000,
    });
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`kafka ${command}: ${(error as Error).message}\n${stdout}${stderr}`, { cause: error });
  }
}

describeWithRedis('distributed mode faults', () => {
  describeWithKafka('the Kafka broker stopped and restarted mid-ingest', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    const kafkaPort = 19_400 + Math.floor(Math.random() * 400) * 2;
    let dir: string;

    afterAll(async () => {
      // Every process the suite started, whatever failed; then the broker, whatever else failed.
      try {
        await cleanUpSuite(prefix, dir);
      } finally {
        await broker('stop', kafkaPort);
      }
    }, 90_000);

    it('loses nothing: the log takes every message meanwhile, the relay and consumers resume', async () => {
      await broker('start', kafkaPort);
      dir = mkdtempSync(path.join(tmpdir(), 'atende-broker-'));
      const env = await testDeploymentEnv(dir, prefix, `127.0.0.1:${kafkaPort}`);
      const roles: Record<string, RunningProcess> = {};
      for (const role of ['gateway', 'projector', 'channel-worker'] as const) {
        roles[role] = await startRole(role, env);
      }

      // Every message is retried until acknowledged (sendInbound): a connection the saturated
      // channel worker dropped is part of the run, only a message never acknowledged fails it.
      let sent = 0;
      let restarted: Promise<void> | undefined;
      await runPool(MESSAGES, CONCURRENCY, async (n, signal) => {
        const from = `55119${String(20_000_000 + (n % CUSTOMERS))}`;
        await sendInbound(env.SANDBOX_PORT, from, `mensagem ${n}`, `broker-${n}`, { signal });
        sent += 1;
        if (!restarted && sent >= MESSAGES / 3) {
          // The broker goes away for a while; customers keep writing (the log does not need it).
          restarted = (async () => {
            await broker('stop', kafkaPort, '--keep');
            await new Promise((r) => setTimeout(r, 3000));
            await broker('start', kafkaPort, '--reuse');
          })();
        }
      }).finally(() => restarted?.catch(() => undefined)); // settled before afterAll stops the broker
      await restarted;
      expect(sent).toBe(MESSAGES);

      await withRoleLogs(roles, async () => {
        const rows = await conversationsOnGateway(`http://127.0.0.1:${env.PORT}`, '55119', MESSAGES);
        expect(rows).toHaveLength(CUSTOMERS);
        expect(rows.reduce((n, r) => n + r.messageCount, 0)).toBe(MESSAGES);
        expect(new Set(rows.map((r) => r.unreadCount))).toEqual(new Set([MESSAGES / CUSTOMERS]));
      });
    }, 300_000);
  });
});
