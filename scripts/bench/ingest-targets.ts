import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Redis } from 'ioredis';
import { loadConfig } from '@atende/config';
import { encryptedStore, openEventStore } from '@atende/event-store';
import { logLocation } from '@atende/server';
import { openKeysForOps } from '../ops/open.js';
import { KafkaEventBus } from '@atende/event-bus';
import { LIVE_PROJECTOR_POSITION, startupProjections } from '@atende/projector';
import { RedisCheckpointStore, RedisReadModels } from '@atende/read-models';
import { ReadModelsProgress } from '@atende/gateway/distributed';
import {
  TEST_SANDBOX_TOKEN,
  freePort,
  startRole,
  type RunningProcess,
} from '../distributed/process-harness.js';
import type { IngestTarget } from './embedded-target.js';
import { AS_DEPLOYED } from './as-deployed.js';

export { embeddedTarget, type IngestTarget } from './embedded-target.js';

const ROLES = ['gateway', 'projector', 'channel-worker'] as const;

/**
 * Distributed mode as separate processes (gateway, relay + projector, channel worker) on Kafka
 * (KAFKA_BROKERS) and Redis (REDIS_URL); the phone is driven over the sandbox's HTTP controls. The
 * log is the SQLite file in `dir`, or PostgreSQL at `eventStoreUrl` (`--log postgres`).
 */
export async function distributedTarget(
  dir: string,
  synchronous: 'full' | 'normal',
  eventStoreUrl?: string,
): Promise<IngestTarget> {
  const config = loadConfig();
  const prefix = `atende-bench:${randomUUID()}:`;
  const env = {
    ...(eventStoreUrl ? { EVENTSTORE_URL: eventStoreUrl } : {}),
    DATA_DIR: dir,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ATENDE_MODE: 'distributed',
    WHATSAPP_DRIVER: 'sandbox',
    SQLITE_SYNCHRONOUS: synchronous,
    REDIS_URL: config.REDIS_URL,
    KAFKA_BROKERS: config.KAFKA_BROKERS.join(','),
    ATENDE_REDIS_PREFIX: prefix,
    ATENDE_KAFKA_TOPIC: `atende-bench-${randomUUID()}`,
    PORT: String(await freePort()),
    SANDBOX_PORT: String(await freePort()),
    ...AS_DEPLOYED,
  };
  const processes: RunningProcess[] = [];
  // LOG_LEVEL=warn: the harness waits for a first info line, so start them at info, quietly.
  for (const role of ROLES) {
    processes.push(await startRole(role, { ...env, LOG_LEVEL: 'info' }));
  }
  // The deployment's log as the processes open it (its sealed fields opened: the check reads texts).
  const processConfig = loadConfig({ ...process.env, ...env });
  const store = encryptedStore(openEventStore(logLocation(processConfig)), openKeysForOps(processConfig));
  // Only to read the consumer groups' lag (settled).
  const bus = new KafkaEventBus({ brokers: config.KAFKA_BROKERS, topic: env.ATENDE_KAFKA_TOPIC });
  const readModels = new RedisReadModels({ url: config.REDIS_URL, prefix: `${prefix}rm:` });
  const projectorPosition = new RedisCheckpointStore({ url: config.REDIS_URL, prefix });
  const progress = new ReadModelsProgress(
    readModels,
    startupProjections.map((p) => p.name),
    2,
    async () => (await projectorPosition.load(LIVE_PROJECTOR_POSITION)) ?? 0,
  );
  // A keep-alive agent of node:http: the load generator shares the cores with the system under
  // test, and fetch costs it several times more CPU per request.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 128 });
  const pending = new Set<Promise<void>>();
  let failures = 0;
  const post = (body: string) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: Number(env.SANDBOX_PORT),
          path: '/api/sandbox/whatsapp/inbound',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'x-sandbox-token': TEST_SANDBOX_TOKEN,
          },
        },
        (res) => {
          if (res.statusCode !== 200) failures += 1;
          res.resume();
          res.once('end', () => resolve());
        },
      );
      req.once('error', () => {
        failures += 1;
        resolve();
      });
      req.end(body);
    });
  return {
    label: `distributed (gateway, relay + projector on Kafka ${config.KAFKA_BROKERS.join(',')}, channel worker; Redis; log: ${eventStoreUrl ? 'PostgreSQL' : 'SQLite'}); sandbox over HTTP`,
    url: `http://127.0.0.1:${env.PORT}`,
    sessionId: 'demo-sandbox',
    send(input) {
      const request = post(JSON.stringify({ sessionId: 'demo-sandbox', ...input }));
      pending.add(request);
      void request.finally(() => pending.delete(request));
    },
    recorded: async () => void (await Promise.all([...pending])),
    failures: () => failures,
    store,
    async caughtUp() {
      await progress.waitForPosition(await store.lastGlobalPosition(), 60_000);
    },
    async settled(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const last = await store.lastGlobalPosition();
      for (;;) {
        const relayed = (await projectorPosition.load('kafka-relay')) ?? 0;
        const lag = relayed >= last ? await bus.consumerLag() : undefined;
        if (lag && lag.size > 0 && [...lag.values()].every((behind) => behind === 0)) return true;
        if (Date.now() > deadline) return false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async stop() {
      agent.destroy();
      await bus.close();
      for (const p of [...processes].reverse()) await p.stop();
      // What went wrong inside the roles once they were up (a push not built, a publish retried)
      // explains a figure: shown. Warnings of the start (a new master key…) are not.
      for (const [i, p] of processes.entries()) {
        const lines = p.output().split('\n');
        const up = lines.findIndex((line) => line.includes('"level":30'));
        const problems = lines.slice(up + 1).filter((line) => /"level":(40|50|60)/.test(line));
        if (problems.length === 0) continue;
        console.error(`${ROLES[i]}: ${problems.length} warning/error line(s) logged, the first:`);
        for (const line of problems.slice(0, 5)) console.error(`  ${line.slice(0, 400)}`);
      }
      await projectorPosition.close();
      await readModels.close();
      await store.close();
      const redis = new Redis(config.REDIS_URL);
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    },
  };
}
