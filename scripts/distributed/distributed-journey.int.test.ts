import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { io as connect, type Socket } from 'socket.io-client';
import { describeWithKafka, testKafkaBrokers } from '../../libs/event-bus/src/testing/kafka-infra.js';
import { describeWithRedis, testRedisUrl } from '../../libs/read-models/src/testing/infra.js';
import { eventually as waitUntil } from '@atende/gateway/testing';
import { TEST_SANDBOX_TOKEN, freePort } from './process-harness.js';
import { kafkaText, redisText } from './plaintext-scan.js';

const START = path.resolve(__dirname, '../start-distributed.ts');

/** Servers in other processes come up in their own time: a failing probe counts as "not yet". */
const eventually = <T>(probe: () => Promise<T | undefined>, timeoutMs = 30_000) =>
  waitUntil(() => probe().catch(() => undefined), timeoutMs, 100);

describeWithRedis('distributed mode across processes', () => {
  describeWithKafka('npm run start:distributed', () => {
    const prefix = `atende-test:${randomUUID()}:`;
    let dir: string;
    let child: ChildProcess;
    let output = '';
    let ports: { a: number; b: number; sandbox: number };
    const topic = `atende-test-${randomUUID()}`;

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'atende-dist-'));
      ports = { a: await freePort(), b: await freePort(), sandbox: await freePort() };
      child = spawn(process.execPath, ['--import', 'tsx', START], {
        env: {
          ...process.env,
          DATA_DIR: dir,
          HOST: '127.0.0.1',
          LOG_LEVEL: 'info',
          REDIS_URL: testRedisUrl(),
          KAFKA_BROKERS: testKafkaBrokers().join(','),
          ATENDE_REDIS_PREFIX: prefix,
          ATENDE_KAFKA_TOPIC: topic,
          GATEWAY_PORTS: `${ports.a},${ports.b}`,
          SANDBOX_PORT: String(ports.sandbox),
          ATENDE_SANDBOX_TOKEN: TEST_SANDBOX_TOKEN,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      await eventually(async () => (output.includes('[start:distributed] up') ? true : undefined), 60_000);
    }, 90_000);

    afterAll(async () => {
      if (child && child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      const redis = new Redis(testRedisUrl());
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
      rmSync(dir, { recursive: true, force: true });
    }, 60_000);

    // Time limit 150 s: four processes, Kafka and Redis on two cores, with the rest of the suite
    // running beside it, took over 60 s on a slow machine (2026-11-26). A guard, not a budget.
    it('a customer message on the sandbox reaches an agent connected to the other gateway', async () => {
      const gatewayB = `http://127.0.0.1:${ports.b}`;
      // Signing in needs the users read model: the projector fills Redis from Kafka.
      const login = await eventually(async () => {
        const res = await fetch(`${gatewayB}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
        });
        return res.status === 200 ? res : undefined;
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const userId = ((await login.json()) as { user: { id: string } }).user.id;
      const socket: Socket = connect(gatewayB, {
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
        forceNew: true,
      });
      try {
        await new Promise<void>((resolve, reject) => {
          socket.once('connect', () => resolve());
          socket.once('connect_error', reject);
        });
        expect(await socket.emitWithAck('join:user', userId)).toMatchObject({ success: true });
        const received = new Promise<{ content: string; conversationId: string }>((resolve) =>
          socket.on('whatsapp:newMessage', (payload: { content: string; conversationId: string }) => {
            if (payload.content === 'Olá, sistema distribuído') resolve(payload);
          }),
        );
        const inbound = await fetch(`http://127.0.0.1:${ports.sandbox}/api/sandbox/whatsapp/inbound`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-sandbox-token': TEST_SANDBOX_TOKEN },
          body: JSON.stringify({
            sessionId: 'demo-sandbox',
            from: '5511977775555',
            name: 'Cliente',
            text: 'Olá, sistema distribuído',
          }),
        });
        expect(inbound.status).toBe(200);
        // The conversation's id is a pseudonym of the customer's WhatsApp id (no phone number in it).
        const { conversationId } = (await inbound.json()) as { conversationId: string };
        expect(conversationId).toMatch(/^ct_[0-9a-f]{24}$/);
        const message = await received;
        expect(message.conversationId).toBe(conversationId);
        const list = await fetch(
          `${gatewayB}/api/whatsapp/conversations?userId=${encodeURIComponent(userId)}`,
          { headers: { cookie } },
        );
        const body = (await list.json()) as { conversations: { id: string; unreadCount: number }[] };
        expect(body.conversations.find((c) => c.id === conversationId)).toMatchObject({
          unreadCount: 1,
        });

        // The agent answers on the other gateway: the channel worker (its own consumer group of the bus)
        // sends it through the BullMQ queue; the phone gets it once, and the status comes back as sent.
        const clientMessageId = randomUUID();
        const reply = await fetch(`http://127.0.0.1:${ports.a}/api/whatsapp/send`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            userId,
            conversationId,
            content: 'Olá! Como posso ajudar?',
            clientMessageId,
          }),
        });
        expect(reply.status).toBe(200);
        const outbox = await eventually(async () => {
          const res = await fetch(
            `http://127.0.0.1:${ports.sandbox}/api/sandbox/whatsapp/outbox?sessionId=demo-sandbox`,
            { headers: { 'x-sandbox-token': TEST_SANDBOX_TOKEN } },
          );
          const messages = ((await res.json()) as { messages: { messageId: string }[] }).messages;
          return messages.some((m) => m.messageId === clientMessageId) ? messages : undefined;
        });
        expect(outbox.filter((m) => m.messageId === clientMessageId)).toHaveLength(1);
        await eventually(async () => {
          const res = await fetch(
            `${gatewayB}/api/whatsapp/messages/${encodeURIComponent(conversationId)}?userId=${encodeURIComponent(userId)}`,
            { headers: { cookie } },
          );
          const messages = ((await res.json()) as { messages: { id: string; status: string }[] }).messages;
          return messages.find((m) => m.id === clientMessageId && m.status === 'sent');
        });
      } finally {
        socket.disconnect();
      }
    }, 150_000);

    it('a company created with the ops command signs in on a gateway, alone in its inbox, on its plan', async () => {
      const cli = (args: string[]) =>
        new Promise<{ code: number | null; stdout: string }>((resolve) => {
          const run = spawn(
            process.execPath,
            ['--import', 'tsx', path.resolve(__dirname, '../workspace.ts'), ...args],
            {
              env: { ...process.env, DATA_DIR: dir, LOG_LEVEL: 'silent' },
            },
          );
          let stdout = '';
          run.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
          run.on('exit', (code) => resolve({ code, stdout }));
        });
      const created = await cli(['create', '--name', 'Oficina do Beto', '--owner-email', 'beto@oficina.com']);
      expect(created.code).toBe(0);
      const id = /^id: (\S+)$/m.exec(created.stdout)![1]!;
      const password = /senha[^:]*: (\S+)$/m.exec(created.stdout)![1]!;
      const gatewayA = `http://127.0.0.1:${ports.a}`;
      // The projector brings the new account to Redis through Kafka: then the gateway signs it in.
      const login = await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          // A one-time password: the first sign-in sets the Owner's own.
          body: JSON.stringify({ email: 'beto@oficina.com', password, newPassword: 'senha-do-beto-1' }),
        });
        return res.status === 200 ? res : undefined;
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const { user } = (await login.json()) as { user: { company: string; workspaceId: string } };
      expect(user).toMatchObject({ company: 'Oficina do Beto', workspaceId: id });
      const list = await fetch(`${gatewayA}/api/whatsapp/conversations`, { headers: { cookie } });
      expect(((await list.json()) as { conversations: unknown[] }).conversations).toEqual([]);

      expect((await cli(['set-plan', '--id', id, '--plan', 'starter'])).code).toBe(0);
      await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/billing`, { headers: { cookie } });
        const { billing } = (await res.json()) as { billing: { plan: string | null } };
        return billing.plan === 'starter' ? true : undefined;
      });
      const listed = await cli(['list']);
      expect(listed.stdout).toMatch(new RegExp(`^${id}\\s+Oficina do Beto\\s+Starter\\s`, 'm'));
    }, 120_000);

    it("keeps secrets and customers' messages out of Kafka and Redis in plain text", async () => {
      const gatewayA = `http://127.0.0.1:${ports.a}`;
      const secret = 'token-Secreto-do-Bot-9876';
      const said = 'Meu cartão termina em 4321, confere?';
      const name = 'Beatriz Confidencial Souza';
      const answer = 'Conferido, Beatriz, obrigado';
      const login = await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@atende.local', password: 'demo1234' }),
        });
        return res.status === 200 ? res : undefined;
      });
      const cookie = login.headers.get('set-cookie')!.split(';')[0]!;
      const json = { 'content-type': 'application/json', cookie };
      const saved = await fetch(`${gatewayA}/api/integrations/telegram`, {
        method: 'PUT',
        headers: json,
        body: JSON.stringify({ config: { 'Bot Token': secret } }),
      });
      expect(saved.status).toBe(200);
      const inbound = await fetch(`http://127.0.0.1:${ports.sandbox}/api/sandbox/whatsapp/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-sandbox-token': TEST_SANDBOX_TOKEN },
        body: JSON.stringify({ sessionId: 'demo-sandbox', from: '5511966664444', name, text: said }),
      });
      expect(inbound.status).toBe(200);
      const { conversationId } = (await inbound.json()) as { conversationId: string };
      const chat = encodeURIComponent(conversationId);
      await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/whatsapp/messages/${chat}`, { headers: { cookie } });
        return res.status === 200 ? true : undefined;
      });
      const reply = await fetch(`${gatewayA}/api/whatsapp/send`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ conversationId, content: answer }),
      });
      expect(reply.status).toBe(200);
      // Everything went through: the API answers it all, opened, from Redis.
      await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/whatsapp/messages/${chat}`, { headers: { cookie } });
        const { messages } = (await res.json()) as { messages: { content: string; status: string }[] };
        const texts = messages.map((m) => m.content);
        return texts.includes(said) && messages.some((m) => m.content === answer && m.status === 'sent')
          ? true
          : undefined;
      });
      const stores = {
        redis: await redisText(testRedisUrl(), prefix),
        kafka: await kafkaText(testKafkaBrokers(), topic),
      };
      expect(stores.kafka.length).toBeGreaterThan(0);
      expect(stores.kafka).toContain('InboundMessageReceived');
      for (const [store, text] of Object.entries(stores)) {
        for (const plain of [secret, said, name, answer, 'scrypt$', '5511966664444']) {
          expect({ store, plain, found: text.includes(plain) }).toEqual({ store, plain, found: false });
        }
      }

      // The customer's erasure (LGPD) reaches every process: the read models in Redis drop the data.
      const erased = await fetch(`${gatewayA}/api/contacts/${chat}/erase`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ confirmPhone: '(11) 96666-4444'.replace('(11)', '55 11') }),
      });
      expect(erased.status).toBe(200);
      await eventually(async () => {
        const res = await fetch(`${gatewayA}/api/whatsapp/messages/${chat}`, { headers: { cookie } });
        const { messages } = (await res.json()) as { messages: { content: string }[] };
        return messages.length > 0 && messages.every((m) => m.content === '[dado removido]')
          ? true
          : undefined;
      });
      const exported = await fetch(`${gatewayA}/api/contacts/${chat}/export`, { headers: { cookie } });
      expect(((await exported.json()) as { export: unknown }).export).toMatchObject({
        contact: null,
        events: [],
      });
    }, 150_000);
  });
});
