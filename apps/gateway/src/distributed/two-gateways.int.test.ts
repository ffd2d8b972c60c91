import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import type { Server } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { loadConfig } from '@atende/config';
import {
  EncryptedEventStore,
  FieldCipher,
  MasterKey,
  SqliteKeyStore,
  createSqliteEventStore,
} from '@atende/event-store';
import { atendeRegistry, conversationDecider, handleCommand, streams } from '@atende/events';
import { Projector, allProjections } from '@atende/projector';
import { RedisReadModels, describeWithRedis, testRedisUrl } from '@atende/read-models';
import { RedisSessionStore } from '../auth/redis-session-store.js';
import { ensureDemoWorkspace, type DemoWorkspace } from '../bootstrap/ensure-demo-workspace.js';
import { rooms } from '../realtime/index.js';
import { startGateway, type Gateway } from './start-gateway.js';

interface Received {
  name: string;
  payload: Record<string, unknown>;
}

/** A client socket that records every event it receives. */
class Client {
  readonly received: Received[] = [];
  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: string, payload: Received['payload']) => this.received.push({ name, payload }));
  }

  of(name: string): Received['payload'][] {
    return this.received.filter((r) => r.name === name).map((r) => r.payload);
  }

  async waitFor(predicate: () => boolean, timeoutMs = 5000): Promise<void> {
    const started = Date.now();
    while (!predicate()) {
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out; received: ${JSON.stringify(this.received.map((r) => r.name))}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describeWithRedis(
  'distributed mode: two gateways on one log, Redis read models, sessions and adapter',
  () => {
    const prefix = `atende-test:${randomUUID()}:`;
    const logger = pino({ level: 'silent' });
    let dir: string;
    let storeA: EncryptedEventStore;
    let storeB: EncryptedEventStore;
    let readModels: RedisReadModels;
    let sessions: RedisSessionStore;
    let projector: Projector;
    let demo: DemoWorkspace;
    let gwA: Gateway;
    let gwB: Gateway;
    let cookie: string;
    const clients: Client[] = [];
    const extraGateways: Gateway[] = [];

    function gatewayOn(store: EncryptedEventStore): Promise<Gateway> {
      return startGateway({
        store,
        contactKeys: store.cipher,
        readModels,
        sessions,
        progress: projector,
        logger,
        port: 0,
        host: '127.0.0.1',
        redisUrl: testRedisUrl(),
        adapterKey: `${prefix}socket.io`,
      });
    }

    async function client(gateway: Gateway, userId?: string): Promise<Client> {
      const socket = connect(gateway.url, {
        transports: ['websocket'],
        extraHeaders: { cookie },
        reconnection: false,
        forceNew: true,
      });
      const c = new Client(socket);
      clients.push(c);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      if (userId) {
        expect(await socket.emitWithAck('join:user', userId)).toMatchObject({ success: true, userId });
      }
      return c;
    }

    async function post(gateway: Gateway, pathname: string, body: unknown, withCookie?: string) {
      const res = await fetch(`${gateway.url}${pathname}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(withCookie ? { cookie: withCookie } : {}) },
        body: JSON.stringify(body),
      });
      return {
        status: res.status,
        body: (await res.json()) as Record<string, unknown>,
        headers: res.headers,
      };
    }

    /** A new conversation, through the domain, on the store connection of gateway A. */
    async function inbound(chatId: string, content: string) {
      const messageId = randomUUID();
      const now = new Date().toISOString();
      const result = await handleCommand(
        { store: storeA, registry: atendeRegistry },
        conversationDecider,
        streams.conversation(demo.workspaceId, chatId),
        {
          type: 'ReceiveInboundMessage',
          data: {
            messageId,
            chatId,
            sessionId: 'sessao-teste',
            providerMessageId: `prov-${messageId}`,
            customerId: chatId.split('@')[0]!,
            customerName: 'Cliente Teste',
            content,
            type: 'text',
            senderName: 'Cliente Teste',
            senderPhone: chatId.split('@')[0]!,
            timestamp: now,
            receivedAt: now,
          },
        },
        { workspaceId: demo.workspaceId, actorId: 'test' },
      );
      return { messageId, position: Math.max(...result.globalPositions) };
    }

    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), 'atende-distributed-'));
      const file = path.join(dir, 'events.db');
      // Two processes' connections: the same log and the same key file.
      const master = MasterKey.random();
      const open = () =>
        new EncryptedEventStore(
          createSqliteEventStore({ filename: file, synchronous: 'normal' }),
          new FieldCipher(new SqliteKeyStore(path.join(dir, 'keys.db'), master)),
        );
      storeA = open();
      storeB = open();
      demo = await ensureDemoWorkspace(storeA, loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }));
      readModels = new RedisReadModels({ url: testRedisUrl(), prefix: `${prefix}rm:` });
      sessions = new RedisSessionStore(testRedisUrl(), `${prefix}session:`);
      projector = new Projector({ store: storeA, readModels, projections: allProjections, logger });
      projector.start();
      expect(await projector.caughtUp()).toBe(true);
      gwA = await gatewayOn(storeA);
      gwB = await gatewayOn(storeB);

      const login = await post(gwA, '/api/auth/login', { email: 'demo@atende.local', password: 'demo1234' });
      expect(login.status).toBe(200);
      cookie = login.headers.get('set-cookie')!.split(';')[0]!;
    });

    afterEach(() => {
      for (const c of clients.splice(0)) c.socket.disconnect();
    });

    afterAll(async () => {
      for (const gateway of [gwA, gwB, ...extraGateways]) await gateway?.stop();
      await projector?.stop();
      await readModels?.deleteAll();
      await readModels?.close();
      await sessions?.close();
      // Sessions (and anything else) under this suite's prefix.
      const redis = new Redis(testRedisUrl());
      try {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          cursor = next;
          if (keys.length > 0) await redis.unlink(...keys);
        } while (cursor !== '0');
      } finally {
        await redis.quit();
      }
      await storeA?.close();
      await storeB?.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('serves a session made on gateway A on gateway B, and pushes each new message once to B', async () => {
      // The cookie came from gateway A; gateway B finds the session in Redis.
      const me = await fetch(`${gwB.url}/api/auth/me`, { headers: { cookie } });
      expect(me.status).toBe(200);
      const onB = await client(gwB, demo.ownerId);
      const onA = await client(gwA, demo.ownerId);

      const chatId = `55119${String(Date.now()).slice(-8)}@c.us`;
      const received = await inbound(chatId, 'Olá, tudo bem?');
      expect(await projector.waitForPosition(received.position)).toBe(true);
      const sent = await post(
        gwA,
        '/api/whatsapp/send',
        { conversationId: chatId, content: 'Tudo ótimo!' },
        cookie,
      );
      expect(sent.status).toBe(200);
      const replyId = sent.body.messageId as string;

      const ids = [received.messageId, replyId];
      for (const c of [onB, onA]) {
        await c.waitFor(() => ids.every((id) => c.of('whatsapp:newMessage').some((m) => m.id === id)));
      }
      // Whatever else would come (a second copy through the adapter) has had time to arrive.
      await sleep(300);
      for (const c of [onB, onA]) {
        const messages = c.of('whatsapp:newMessage').filter((m) => m.conversationId === chatId);
        expect(messages.map((m) => m.id)).toEqual(ids);
        expect(messages[0]).toMatchObject({ content: 'Olá, tudo bem?', sender: 'customer', fromMe: false });
        expect(messages[1]).toMatchObject({ content: 'Tudo ótimo!', sender: 'agent', fromMe: true });
        const positions = c.received.map((r) => r.payload.position as number);
        expect(new Set(positions.map((p, i) => `${c.received[i]!.name}@${p}`)).size).toBe(positions.length);
      }
    });

    it('carries server-wide operations from gateway A to the sockets of gateway B (Redis adapter)', async () => {
      const onB = await client(gwB, demo.ownerId);
      const room = rooms.user(demo.ownerId);

      // An emit to a room from A reaches the client connected to B.
      (gwA.io as unknown as Server).to(room).emit('test:ping', { from: 'A' });
      await onB.waitFor(() => onB.of('test:ping').length === 1);
      expect(onB.of('test:ping')).toEqual([{ from: 'A' }]);

      // A sees B's socket, and can disconnect the user's sockets everywhere.
      const found = await gwA.io.in(room).fetchSockets();
      expect(found.map((s) => s.id)).toContain(onB.socket.id);
      const dropped = new Promise<string>((resolve) => onB.socket.once('disconnect', resolve));
      gwA.io.in(room).disconnectSockets(true);
      expect(await dropped).toBe('io server disconnect');
    });

    it('stopping one gateway leaves the sockets of the others connected', async () => {
      const extra = await gatewayOn(storeB);
      extraGateways.push(extra);
      const onExtra = await client(extra, demo.ownerId);
      const onB = await client(gwB, demo.ownerId);
      const extraDropped = new Promise<string>((resolve) => onExtra.socket.once('disconnect', resolve));
      await extra.stop();
      await extraDropped;
      await sleep(100);
      expect(onB.socket.connected).toBe(true);

      const later = await inbound(`55118${String(Date.now()).slice(-8)}@c.us`, 'depois');
      await onB.waitFor(() => onB.of('whatsapp:newMessage').some((m) => m.id === later.messageId));
    });
  },
);
