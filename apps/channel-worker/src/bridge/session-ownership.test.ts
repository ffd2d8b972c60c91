import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import {
  MemorySessionLeaseStore,
  SessionLeaseHolder,
  atendeRegistry,
  streams,
  type EventStore,
} from '@atende/events';
import { breakableLeaseStore } from '@atende/events/testing';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { requestSandboxSession, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge, type SendJob } from './channel-bridge.js';
import { FakeChannel } from './fake-channel.js';

const WS = 'ws-1';
const logger = pino({ level: 'silent' });

describe('channel bridge with ownership (one worker, leases in memory)', () => {
  let store: EventStore;
  let leaseStore: MemorySessionLeaseStore;
  const bridges: ChannelBridge[] = [];

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    leaseStore = new MemorySessionLeaseStore();
  });

  afterEach(async () => {
    for (const bridge of bridges.splice(0)) await bridge.stop();
    await store.close();
  });

  async function start(
    maxSessions: number,
    cut = breakableLeaseStore(leaseStore),
    restorable: { sessionId: string; phoneNumber: string; name: string }[] = [],
  ) {
    const channel = new FakeChannel();
    const leases = new SessionLeaseHolder({
      store: cut,
      workerId: 'w',
      maxSessions,
      ttlMs: 2000,
      renewEveryMs: 400,
    });
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async () => WS,
      restorableSessions: async () => restorable as never,
      ownership: {
        leases,
        sendQueues: { open: () => new InProcessQueue<SendJob>(), close: async () => {} },
        scanEveryMs: 100,
      },
    });
    bridges.push(bridge);
    return { channel, leases, cut, bridge };
  }

  const requestSession = (sessionId: string) => requestSandboxSession(store, WS, sessionId);

  it('connects a requested session only with its lease, and none beyond its cap', async () => {
    const { channel, leases } = await start(1);
    await leaseStore.claim('s0', 'another-worker', 60_000);
    for (const sessionId of ['s0', 's1', 's2']) await requestSession(sessionId);
    await waitFor('s1 connected', () => channel.connects.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(channel.connects.map((c) => c.sessionId)).toEqual(['s1']);
    expect(leases.held()).toEqual(['s1']);
  });

  it('takes over no session once it is stopping, though one is left to nobody', async () => {
    await leaseStore.claim('s9', 'a-dying-worker', 60_000);
    await requestSession('s9');
    await store.appendToStream(streams.channel('s9'), [
      atendeRegistry.prepare(
        { type: 'ChannelConnected', data: { sessionId: 's9', phoneNumber: '5511999990000' } },
        { workspaceId: WS },
      ),
    ]);
    const session = { sessionId: 's9', phoneNumber: '5511999990000', name: 'Suporte' };
    const { channel, bridge } = await start(5, breakableLeaseStore(leaseStore), [session]);
    bridge.stopTakingSessions();
    await leaseStore.release(['s9'], 'a-dying-worker'); // its worker is gone: the session is free
    await new Promise((r) => setTimeout(r, 500)); // five scans' time
    expect(channel.connects).toEqual([]);
    expect(await leaseStore.owners(['s9'])).toEqual(new Map());
  });

  it('frees a logged-out session once its disconnection is in the log', async () => {
    const { channel, leases } = await start(5);
    await requestSession('s1');
    await waitFor('held', () => leases.holds('s1'));
    channel.emit({ type: 'connected', sessionId: 's1', phoneNumber: '5511999990000' });
    channel.emit({ type: 'disconnected', sessionId: 's1', reason: 'LOGOUT' });
    await waitFor('released', () => !leases.holds('s1'));
    expect((await store.readStream(streams.channel('s1'))).map((e) => e.type)).toContain(
      'ChannelDisconnected',
    );
    expect(await leaseStore.owners(['s1'])).toEqual(new Map());
  });

  it('stops a session whose lease it lost, and takes it again when nobody else did (one still waiting for its QR too)', async () => {
    const { channel, leases, cut } = await start(5);
    await requestSession('s1');
    await waitFor('connected once', () => channel.connects.length === 1);
    cut.cut = true;
    await waitFor('lost and detached', () => channel.detaches.includes('s1'), 5000);
    expect(leases.holds('s1')).toBe(false);
    cut.cut = false;
    await waitFor('taken again', () => leases.holds('s1') && channel.connects.length === 2, 5000);
    expect(channel.connects[1]).toMatchObject({ sessionId: 's1', restore: false });
    expect((await store.readStream(streams.channel('s1'))).map((e) => e.type)).not.toContain(
      'ChannelDisconnected',
    );
  });
});
