import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  SessionLeaseHolder,
  atendeRegistry,
  conversationDecider,
  handleCommand,
  streams,
  type EventStore,
} from '@atende/events';
import { breakableLeaseStore, roomyAllowance } from '@atende/events/testing';
import { RedisSessionLeaseStore, describeWithRedis, testRedisUrl } from '@atende/read-models';
import { BullMqKeyedQueues } from '../queue/bullmq-keyed-queues.js';
import { SandboxChannel } from '../sandbox/sandbox-channel.js';
import { requestSandboxSession, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge, type SendJob } from './channel-bridge.js';
import { sessionStanding } from './session-standing.js';

const WS = 'ws-1';
const TTL_MS = 5000;
const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });

interface Worker {
  id: string;
  channel: SandboxChannel;
  leases: SessionLeaseHolder;
  bridge: ChannelBridge;
  alive: boolean;
  /** Set: the worker can no longer reach the leases in Redis. */
  leaseStore: ReturnType<typeof breakableLeaseStore>;
}

/**
 * Channel workers as separate hosts would run them: each its own sandbox phone (nothing shared on
 * disk), bridge and leases; what they share is the log, Redis (leases, send queues) and nothing else.
 */
describeWithRedis('channel bridges sharing sessions (ownership)', () => {
  let store: EventStore;
  let prefix: string;
  const sessionIds: string[] = [];
  const workers: Worker[] = [];
  /** Every send a sandbox took: by whom, and whether that worker held the session's lease then. */
  const sends: { worker: string; sessionId: string; messageId: string; held: boolean }[] = [];
  /** Moments when one session was connected on two workers. */
  const overlaps: string[] = [];
  let monitor: NodeJS.Timeout;

  const deps = () => ({ store, registry: atendeRegistry });
  const customerOf = (sessionId: string) =>
    `55119888${String(sessionIds.indexOf(sessionId)).padStart(5, '0')}`;
  const conversationOf = (sessionId: string) => streams.conversation(WS, `${customerOf(sessionId)}@c.us`);
  const live = () => workers.filter((w) => w.alive);
  const ownerOf = (sessionId: string) => live().find((w) => w.leases.holds(sessionId));

  /** What the sessions read model would list: connected and not logged out since. */
  async function restorable() {
    const out = [];
    for (const sessionId of sessionIds) {
      const history = await store.readStream(streams.channel(sessionId));
      if (sessionStanding(history) === 'logged-in')
        out.push({ sessionId, phoneNumber: '5511999990000', name: 'Suporte' });
    }
    return out;
  }

  async function startWorker(id: string, maxSessions: number): Promise<Worker> {
    const leaseStore = breakableLeaseStore(new RedisSessionLeaseStore({ url: testRedisUrl(), prefix }));
    const leases = new SessionLeaseHolder({
      store: leaseStore,
      workerId: id,
      maxSessions,
      ttlMs: TTL_MS,
      renewEveryMs: 1000,
    });
    const channel = new SandboxChannel({ ownsSession: (sessionId) => leases.holds(sessionId) });
    const send = channel.send.bind(channel);
    channel.send = async (sessionId, message) => {
      const result = await send(sessionId, message);
      sends.push({ worker: id, sessionId, messageId: message.messageId, held: leases.holds(sessionId) });
      return result;
    };
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async (sessionId) => (sessionIds.includes(sessionId) ? WS : undefined),
      restorableSessions: restorable,
      startAtBeginning: true,
      consumer: `channel-bridge:${id}`,
      ownership: {
        leases,
        sendQueues: new BullMqKeyedQueues<SendJob>({
          name: 'atende-send',
          redisUrl: testRedisUrl(),
          prefix: `${prefix}bull`,
          keyOf: (job) => job.sessionId,
          baseDelayMs: 50,
        }),
        scanEveryMs: 300,
      },
    });
    const worker = { id, channel, leases, bridge, alive: true, leaseStore };
    workers.push(worker);
    return worker;
  }

  /** Dies: stops renewing (releases nothing), its phones go quiet, nothing is finished for it. */
  async function kill(worker: Worker): Promise<void> {
    worker.alive = false;
    await worker.leases.abandon();
    await worker.channel.close();
    await worker.bridge.stop();
  }

  async function requestSession(sessionId: string): Promise<void> {
    sessionIds.push(sessionId);
    await requestSandboxSession(store, WS, sessionId);
  }

  async function requestOutbound(sessionId: string, messageId: string): Promise<void> {
    await handleCommand(
      deps(),
      conversationDecider,
      conversationOf(sessionId),
      {
        type: 'RequestOutboundMessage',
        data: {
          messageId,
          agentId: 'user-1',
          content: `Resposta ${messageId}`,
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      },
      { workspaceId: WS, actorId: 'user-1' },
    );
  }

  async function typesOf(streamId: string): Promise<string[]> {
    return (await store.readStream(streamId)).map((e) => e.type);
  }

  const sentCount = async (sessionId: string) =>
    (await typesOf(conversationOf(sessionId))).filter((t) => t === 'OutboundMessageSent').length;

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    prefix = `atende-test:${randomUUID()}:`;
    monitor = setInterval(() => {
      for (const sessionId of sessionIds) {
        const on = live().filter((w) => w.channel.status(sessionId) === 'connected');
        if (on.length > 1) overlaps.push(`${sessionId} on ${on.map((w) => w.id).join(' and ')}`);
      }
    }, 5);
  });

  afterEach(async () => {
    clearInterval(monitor);
    for (const worker of workers.splice(0)) {
      if (worker.alive) await worker.bridge.stop();
      await worker.channel.close();
    }
    const cleaner = new BullMqKeyedQueues<SendJob>({
      name: 'atende-send',
      redisUrl: testRedisUrl(),
      prefix: `${prefix}bull`,
    });
    for (const sessionId of sessionIds.splice(0)) {
      const queue = cleaner.open(sessionId);
      await queue.obliterate();
      await queue.close();
    }
    await cleaner.close();
    const admin = new Redis(testRedisUrl());
    const keys = await admin.keys(`${prefix}*`);
    if (keys.length > 0) await admin.del(...keys);
    admin.disconnect();
    sends.length = 0;
    overlaps.length = 0;
    await store.close();
  });

  it('spreads sessions under each cap, takes a dead worker’s over from the log, and sends each message once through the owner', async () => {
    const a = await startWorker('a', 2);
    for (const sessionId of ['s1', 's2', 's3', 's4']) await requestSession(sessionId);
    await waitFor('a at its cap', () => a.leases.held().length === 2);
    // b joins later and reads the log from its beginning: it takes the requests nobody could.
    const b = await startWorker('b', 3);
    await waitFor('every session run by someone', () => sessionIds.every((s) => ownerOf(s)));
    expect(a.leases.held()).toHaveLength(2);
    expect(b.leases.held()).toHaveLength(2);

    // Each phone scans its QR on the worker that shows it; then a customer writes to each.
    for (const sessionId of sessionIds) ownerOf(sessionId)!.channel.scan(sessionId);
    await waitFor('all connected', async () => (await restorable()).length === 4);
    for (const sessionId of sessionIds) {
      ownerOf(sessionId)!.channel.inbound(sessionId, { from: customerOf(sessionId), text: 'Olá' });
    }
    await waitFor('inbound recorded', async () => {
      for (const s of sessionIds)
        if (!(await typesOf(conversationOf(s))).includes('InboundMessageReceived')) return false;
      return true;
    });
    for (const sessionId of sessionIds) await requestOutbound(sessionId, `${sessionId}-m1`);
    await waitFor('first replies sent', async () => {
      for (const s of sessionIds) if ((await sentCount(s)) !== 1) return false;
      return true;
    });

    // a dies: b takes over as many as its cap allows, within seconds, from the log (its phone never paired them).
    const ofA = a.leases.held();
    await kill(a);
    const diedAt = Date.now();
    for (const sessionId of sessionIds) await requestOutbound(sessionId, `${sessionId}-m2`);
    await waitFor('b at its cap', () => b.leases.held().length === 3, TTL_MS + 5000);
    const takenOver = ofA.find((s) => b.leases.holds(s))!;
    await waitFor('taken over and connected', () => b.channel.status(takenOver) === 'connected');
    expect(Date.now() - diedAt).toBeLessThan(TTL_MS + 3000);
    const waiting = ofA.find((s) => s !== takenOver)!;
    expect(ownerOf(waiting)).toBeUndefined();

    // A new worker takes the last one; the replies that waited for it go out then.
    const c = await startWorker('c', 3);
    await waitFor(
      'c runs the last session',
      () => c.leases.holds(waiting) && c.channel.status(waiting) === 'connected',
    );
    await waitFor('second replies sent', async () => {
      for (const s of sessionIds) if ((await sentCount(s)) !== 2) return false;
      return true;
    });
    await new Promise((r) => setTimeout(r, 300)); // nothing more goes out

    const messageIds = sends.map((s) => s.messageId).sort();
    expect(messageIds).toEqual(sessionIds.flatMap((s) => [`${s}-m1`, `${s}-m2`]).sort());
    expect(sends.filter((s) => !s.held)).toEqual([]);
    expect(sends.find((s) => s.messageId === `${waiting}-m2`)?.worker).toBe('c');
    expect(sends.find((s) => s.messageId === `${takenOver}-m2`)?.worker).toBe('b');
    expect(overlaps).toEqual([]);
    // A move is no logout: the log has no disconnection, and no second connection was needed from the phone.
    for (const sessionId of sessionIds) {
      expect(await typesOf(streams.channel(sessionId))).not.toContain('ChannelDisconnected');
    }
  }, 60_000);

  it('stops a session at once when its lease is lost, without recording a disconnection, and another worker takes it', async () => {
    const a = await startWorker('a', 5);
    await requestSession('s1');
    await waitFor('a runs s1', () => a.leases.holds('s1'));
    a.channel.scan('s1');
    await waitFor('connected', async () => (await restorable()).length === 1);
    const b = await startWorker('b', 5);
    const lost = new Promise<number>((resolve) => a.leases.onLost(() => resolve(Date.now())));
    // a is cut off from Redis (alive, but its renewals no longer arrive): its lease runs out.
    a.leaseStore.cut = true;
    const lostAt = await lost;
    expect(a.channel.status('s1')).toBe('disconnected');
    await waitFor('b runs s1', () => b.leases.holds('s1') && b.channel.status('s1') === 'connected');
    expect(Date.now() - lostAt).toBeLessThan(TTL_MS + 2000);
    expect(await typesOf(streams.channel('s1'))).not.toContain('ChannelDisconnected');
    expect(overlaps).toEqual([]);
  }, 30_000);
});
