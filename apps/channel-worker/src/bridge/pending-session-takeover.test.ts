import { pino } from 'pino';
import { createSqliteEventStore } from '@atende/event-store';
import { MemorySessionLeaseStore, SessionLeaseHolder, streams, type EventStore } from '@atende/events';
import { InProcessQueue } from '../queue/in-process-queue.js';
import { SandboxChannel } from '../sandbox/sandbox-channel.js';
import { requestSandboxSession, waitFor } from './bridge-test-helpers.js';
import { startChannelBridge, type ChannelBridge, type SendJob } from './channel-bridge.js';
import { PENDING_SESSION_TAKEOVER_MS } from './session-ownership.js';
import { sessionStanding } from './session-standing.js';

const WS = 'ws-1';
const logger = pino({ level: process.env.TEST_LOG ?? 'silent' });

interface Worker {
  channel: SandboxChannel;
  leases: SessionLeaseHolder;
  bridge: ChannelBridge;
  /** The `since` of every pending-sessions lookup of its scans. */
  asked: Date[];
  alive: boolean;
}

/**
 * Two channel workers sharing the log and the leases (in memory), each with its own sandbox phone. The
 * pending sessions they look up come from a read model that lags behind everything: it lists every
 * session ever requested, so what a worker takes over is decided by the log.
 */
describe('a session waiting for its QR code when its worker dies', () => {
  let store: EventStore;
  let leaseStore: MemorySessionLeaseStore;
  const workers: Worker[] = [];
  const requested: string[] = [];

  beforeEach(() => {
    store = createSqliteEventStore({ filename: ':memory:', pollIntervalMs: 5 });
    leaseStore = new MemorySessionLeaseStore();
  });

  afterEach(async () => {
    for (const worker of workers.splice(0)) {
      if (worker.alive) await worker.bridge.stop();
      await worker.channel.close();
    }
    requested.length = 0;
    await store.close();
  });

  async function restorable() {
    const out = [];
    for (const sessionId of requested) {
      if (sessionStanding(await store.readStream(streams.channel(sessionId))) === 'logged-in')
        out.push({ sessionId, phoneNumber: '5511999990000', name: 'Suporte' });
    }
    return out;
  }

  async function startWorker(id: string, now?: () => Date): Promise<Worker> {
    const leases = new SessionLeaseHolder({
      store: leaseStore,
      workerId: id,
      maxSessions: 5,
    });
    const channel = new SandboxChannel({ ownsSession: (sessionId) => leases.holds(sessionId) });
    const asked: Date[] = [];
    const bridge = await startChannelBridge({
      store,
      channel,
      logger,
      conversationIdFor: async (_workspaceId, address) => address,
      workspaceOf: async () => WS,
      restorableSessions: restorable,
      pendingSessions: async (since) => {
        asked.push(since);
        return requested.map((sessionId) => ({ sessionId, phoneNumber: '5511999990000', name: 'Suporte' }));
      },
      startAtBeginning: true,
      consumer: `channel-bridge:${id}`,
      ...(now ? { now } : {}),
      ownership: {
        leases,
        sendQueues: { open: () => new InProcessQueue<SendJob>(), close: async () => {} },
        scanEveryMs: 50,
      },
    });
    const worker = { channel, leases, bridge, asked, alive: true };
    workers.push(worker);
    return worker;
  }

  /** Dies: stops renewing (releases nothing), its phone goes quiet, and its leases run out. */
  async function kill(worker: Worker): Promise<void> {
    worker.alive = false;
    const held = worker.leases.held();
    await worker.leases.abandon();
    await worker.channel.close();
    await worker.bridge.stop();
    for (const sessionId of held) leaseStore.expire(sessionId);
  }

  async function qrCodesOf(sessionId: string): Promise<string[]> {
    return (await store.readStream(streams.channel(sessionId)))
      .filter((e) => e.type === 'ChannelQrIssued')
      .map((e) => (e.data as { qrCode: string }).qrCode);
  }

  /** a shows s1's QR code; b runs beside it (it could not take s1: a holds it). */
  async function pendingOnA(bClock?: () => Date) {
    const a = await startWorker('a');
    requested.push('s1');
    await requestSandboxSession(store, WS, 's1');
    await waitFor('a shows a QR code', async () => (await qrCodesOf('s1')).length === 1);
    expect(a.leases.holds('s1')).toBe(true);
    const b = await startWorker('b', bClock);
    return { a, b };
  }

  /** b scanned `scans` more times (after a's death). */
  async function scans(b: Worker, scans = 5): Promise<void> {
    const seen = b.asked.length;
    await waitFor(`${scans} more scans`, () => b.asked.length >= seen + scans);
  }

  it('is taken over by another worker, which starts it without restoring: a new QR code, then the scan connects', async () => {
    const { a, b } = await pendingOnA();
    const before = Date.now();
    await kill(a);
    await waitFor('b runs s1', () => b.leases.holds('s1'));
    await waitFor('a new QR code', async () => (await qrCodesOf('s1')).length === 2);
    const [first, second] = await qrCodesOf('s1');
    expect(second).not.toEqual(first);
    expect(b.channel.status('s1')).toBe('qr');
    // It looked for sessions asked for within the window.
    const since = b.asked.at(-1)!.getTime();
    expect(since).toBeGreaterThanOrEqual(before - PENDING_SESSION_TAKEOVER_MS);
    expect(since).toBeLessThanOrEqual(Date.now() - PENDING_SESSION_TAKEOVER_MS);

    b.channel.scan('s1');
    await waitFor('connected', async () => (await restorable()).length === 1);
    const types = (await store.readStream(streams.channel('s1'))).map((e) => e.type);
    expect(types).toEqual([
      'ChannelSessionRequested',
      'ChannelQrIssued',
      'ChannelQrIssued',
      'ChannelConnected',
    ]);
  });

  it('is not taken over when it was asked for longer ago than the window', async () => {
    const later = () => new Date(Date.now() + PENDING_SESSION_TAKEOVER_MS + 60_000);
    const { a, b } = await pendingOnA(later);
    await kill(a);
    await scans(b);
    expect(b.leases.holds('s1')).toBe(false);
    expect(await qrCodesOf('s1')).toHaveLength(1);
  });

  it('is not taken over once logged out, though the read model still lists it', async () => {
    const { a, b } = await pendingOnA();
    a.channel.scan('s1');
    await waitFor('connected', async () => (await restorable()).length === 1);
    await a.channel.disconnect('s1');
    await waitFor('released on logout', () => !a.leases.holds('s1'));
    await kill(a);
    await scans(b);
    expect(b.leases.holds('s1')).toBe(false);
    const types = (await store.readStream(streams.channel('s1'))).map((e) => e.type);
    expect(types.at(-1)).toBe('ChannelDisconnected');
    expect(await qrCodesOf('s1')).toHaveLength(1);
  });
});
