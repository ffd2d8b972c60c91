import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import {
  FieldCipher,
  MasterKey,
  PostgresKeyStore,
  PostgresMediaStore,
  SealedMediaStore,
  createTestDatabase,
  isSealedMedia,
  describeWithPostgres,
  type TestDatabase,
} from '@atende/event-store';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { describeWithRedis, testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import { DEMO_OWNER } from '@atende/gateway';
import { eventually } from '@atende/gateway/testing';
import { cleanUpSuite, freePort, startRole } from './process-harness.js';

// Issue 27: two gateways "on two machines" (each its own DATA_DIR, no shared disk) on a PostgreSQL
// log serve the same media, stored in PostgreSQL as the channel worker stores it (sealed with the
// deployment's keys, issue 26).

describeWithRedis('media across machines', () => {
  describeWithKafka('with the log in PostgreSQL', () => {
    describeWithPostgres('two gateways without a shared disk', () => {
      let db: TestDatabase;
      const dirs: string[] = [];
      const prefix = `atende-test:${randomUUID()}:`;
      const ports: number[] = [];
      // One deployment: every machine has the master key (here from the environment, not a file).
      const masterKey = randomBytes(32).toString('base64url');
      const machine = (port: number) => {
        const dir = mkdtempSync(path.join(tmpdir(), 'atende-machine-'));
        dirs.push(dir);
        return { DATA_DIR: dir, PORT: String(port) };
      };

      beforeAll(async () => {
        db = await createTestDatabase();
        ports.push(await freePort(), await freePort());
        const shared = {
          ATENDE_MODE: 'distributed',
          HOST: '127.0.0.1',
          EVENTSTORE_URL: db.url,
          ATENDE_MASTER_KEY: masterKey,
          REDIS_URL: testRedisUrl(),
          KAFKA_BROKERS: testKafkaBrokers().join(','),
          ATENDE_REDIS_PREFIX: prefix,
          ATENDE_KAFKA_TOPIC: `atende-test-${randomUUID()}`.slice(0, 40),
          WHATSAPP_DRIVER: 'sandbox',
        };
        await startRole('projector', { ...shared, ...machine(await freePort()) });
        for (const port of ports) await startRole('gateway', { ...shared, ...machine(port) });
      }, 120_000);

      afterAll(async () => {
        try {
          await cleanUpSuite(prefix, undefined);
        } finally {
          await db?.drop();
          for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
        }
      }, 60_000);

      it("serves media stored once from either gateway, to the owning workspace's members only", async () => {
        const [a, b] = ports.map((port) => `http://127.0.0.1:${port}`);
        const cookie = await eventually(async () => {
          const res = await fetch(`${a}/api/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: DEMO_OWNER.email, password: DEMO_OWNER.password }),
          });
          return res.status === 200 ? res.headers.get('set-cookie')!.split(';')[0]! : undefined;
        }, 60_000);
        const me = (await (await fetch(`${a}/api/auth/me`, { headers: { cookie } })).json()) as {
          user: { workspaceId: string };
        };

        // What the channel worker does with a download (WorkspaceMediaSink on the deployment's store,
        // sealed with the deployment's keys, in PostgreSQL beside the log).
        const keys = new PostgresKeyStore({ connectionString: db.url }, MasterKey.parse(masterKey));
        const store = new SealedMediaStore(
          new PostgresMediaStore({ connectionString: db.url }),
          new FieldCipher(keys),
        );
        const plain = new PostgresMediaStore({ connectionString: db.url });
        const mine = `demo-sandbox/${randomBytes(32).toString('hex')}.jpg`;
        const older = `demo-sandbox/${randomBytes(32).toString('hex')}.jpg`;
        const theirs = `other-session/${randomBytes(32).toString('hex')}.jpg`;
        const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(64)]);
        const olderJpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...randomBytes(64)]);
        try {
          await store.put(me.user.workspaceId, mine, jpeg, 'image/jpeg');
          await store.put('ws-de-outra-empresa', theirs, Buffer.from('alheia'), 'image/jpeg');
          // Stored by a version before sealing: plain bytes, still served.
          await plain.put(me.user.workspaceId, older, olderJpeg, 'image/jpeg');
        } finally {
          await store.close();
          await plain.close();
          await keys.close();
        }
        const admin = new Client({ connectionString: db.url });
        await admin.connect();
        try {
          const { rows } = await admin.query<{ bytes: Buffer }>(
            'SELECT bytes FROM atende_media.media WHERE media_id = $1',
            [mine],
          );
          expect(isSealedMedia(rows[0]!.bytes)).toBe(true);
          expect(rows[0]!.bytes.includes(jpeg.subarray(4))).toBe(false);
        } finally {
          await admin.end();
        }

        for (const gateway of [a, b]) {
          const res = await fetch(`${gateway}/api/media/${mine}`, { headers: { cookie } });
          expect(res.status).toBe(200);
          expect(res.headers.get('content-type')).toBe('image/jpeg');
          expect(Buffer.from(await res.arrayBuffer()).equals(jpeg)).toBe(true);
          const old = await fetch(`${gateway}/api/media/${older}`, { headers: { cookie } });
          expect(Buffer.from(await old.arrayBuffer()).equals(olderJpeg)).toBe(true);
          expect((await fetch(`${gateway}/api/media/${theirs}`, { headers: { cookie } })).status).toBe(404);
        }
        // Nothing of it on any machine's disk.
        for (const dir of dirs) expect(readdirSync(dir)).not.toContain('media');
      });
    });
  });
});
