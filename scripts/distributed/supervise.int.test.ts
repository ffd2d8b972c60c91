import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { describeWithRedis, testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import { eventually } from '@atende/gateway/testing';
import {
  conversationsOnGateway,
  freePort,
  sendInbound,
  startProcess,
  cleanUpSuite,
} from './process-harness.js';

/** Whether a process of that id exists (signal 0 checks without sending anything). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describeWithRedis('npm run start:distributed supervision', () => {
  describeWithKafka('a role killed with SIGKILL', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    let dir: string;

    afterAll(() => cleanUpSuite(prefix, dir), 60_000);

    it('is restarted while the others run on, and SIGTERM still stops every process', async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'atende-supervise-'));
      const [gatewayPort, sandboxPort] = [await freePort(), await freePort()];
      const running = await startProcess(
        '../start-distributed.ts',
        {
          DATA_DIR: dir,
          HOST: '127.0.0.1',
          SQLITE_SYNCHRONOUS: 'normal',
          REDIS_URL: testRedisUrl(),
          KAFKA_BROKERS: testKafkaBrokers().join(','),
          ATENDE_REDIS_PREFIX: prefix,
          ATENDE_KAFKA_TOPIC: `atende-test-${randomUUID()}`,
          GATEWAY_PORTS: String(gatewayPort), // one gateway is enough here
          SANDBOX_PORT: String(sandboxPort),
        },
        90_000,
      );
      const output = () => running.output();
      const pidsOf = (role: string) =>
        [
          ...output().matchAll(new RegExp(`\\[start:distributed\\] ${role} started \\(pid (\\d+)\\)`, 'g')),
        ].map((m) => Number(m[1]));
      const seen = (text: string) => async () => (output().includes(text) ? true : undefined);
      await eventually(seen('[start:distributed] up'), 90_000, 100);

      const [projector] = pidsOf('projector');
      process.kill(projector!, 'SIGKILL');
      await eventually(seen('projector is up again (restart 1)'), 60_000, 100);
      expect(output()).toMatch(/projector ended \(signal SIGKILL\) after [\d.]+ s; restart 1 in 1 s/);
      expect(pidsOf('projector')).toHaveLength(2);
      expect(pidsOf('gateway-1')).toHaveLength(1);
      expect(pidsOf('channel-worker')).toHaveLength(1);

      // The restarted projector does its work: a customer's message reaches the gateway's inbox.
      await sendInbound(sandboxPort, '5511955550001', 'depois do kill -9', `supervise-${randomUUID()}`);
      const rows = await conversationsOnGateway(
        `http://127.0.0.1:${gatewayPort}`,
        '5511955550001',
        1,
        60_000,
      );
      expect(rows.reduce((n, r) => n + r.messageCount, 0)).toBe(1);

      const exited = new Promise<number | null>((resolve) => running.child.once('exit', resolve));
      running.child.kill('SIGTERM');
      expect(await exited).toBe(0);
      const roles = [...pidsOf('gateway-1'), ...pidsOf('projector'), ...pidsOf('channel-worker')];
      expect(roles.filter(alive)).toEqual([]);
    }, 240_000);
  });
});
