/**
 * bench:fanout's clients: the signed-in sockets, run in worker threads (--workers) so they do not share
 * the server's event loop. Each thread loads this module (the last line runs it there); the main
 * thread starts them with `startClients` and collects what they measured with `finishClients`.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { merged, newHistogram, record } from './latency-histogram.js';
import { openWireSocket } from './fanout-wire-client.js';

const BATCH = 100;

export interface ClientsData {
  url: string;
  /** Cookie and user id of each signed-in member; socket i uses member i mod length. */
  members: { cookie: string; userId: string }[];
  count: number;
  offset: number;
  /** `wire`: the light client (fanout-wire-client.ts); `socket.io`: socket.io-client itself. */
  client: 'wire' | 'socket.io';
}

type FromWorker =
  | { type: 'connected'; count: number; failed: number; ms: number }
  | { type: 'progress'; deliveries: number }
  | {
      type: 'result';
      deliveries: number;
      unmatched: number;
      maxMs: number;
      disconnects: number;
      histogram: Uint32Array;
      /** The first measured event's payload (the baseline sends one of the same shape). */
      sample: unknown;
    };

/** The cross-thread clock: performance.timeOrigin + performance.now(). */
export const now = () => performance.timeOrigin + performance.now();

// ---- client side (worker thread) -------------------------------------------------------------

async function runClients(data: ClientsData): Promise<void> {
  const port = parentPort!;
  const histogram = newHistogram();
  let deliveries = 0;
  let unmatched = 0;
  let maxMs = 0;
  let disconnects = 0;
  let finishing = false;
  const sockets: { close(): void }[] = [];

  let sample: unknown;
  const onMessage = (payload: { content?: unknown }) => {
    const at = now();
    sample ??= payload;
    const content = typeof payload?.content === 'string' ? payload.content : '';
    if (!content.startsWith('bench:')) {
      unmatched += 1;
      return;
    }
    const ms = at - Number(content.slice(6));
    deliveries += 1;
    if (ms > maxMs) maxMs = ms;
    record(histogram, ms);
  };
  const onDrop = () => {
    if (!finishing) disconnects += 1;
  };
  const open = data.client === 'wire' ? openWire : await socketIoOpener();

  async function openWire(member: ClientsData['members'][number]): Promise<boolean> {
    const socket = await openWireSocket({
      url: data.url,
      cookie: member.cookie,
      userId: member.userId,
      timeoutMs: 30_000,
      onEvent: (name, payload) => {
        if (name === 'whatsapp:newMessage') onMessage(payload as { content?: unknown });
      },
      onDrop,
    });
    if (socket) sockets.push(socket);
    return socket !== null;
  }

  async function socketIoOpener() {
    const { io: connect } = await import('socket.io-client');
    return (member: ClientsData['members'][number]) =>
      new Promise<boolean>((resolve) => {
        const socket = connect(data.url, {
          transports: ['websocket'],
          extraHeaders: { cookie: member.cookie },
          reconnection: false,
          forceNew: true,
          timeout: 30_000,
        });
        sockets.push({ close: () => socket.disconnect() });
        socket.on('whatsapp:newMessage', onMessage);
        socket.once('connect_error', () => resolve(false));
        socket.once('connect', () => {
          socket.once('disconnect', onDrop);
          socket
            .timeout(30_000)
            .emitWithAck('join:user', member.userId)
            .then(
              (ack: { success?: boolean }) => resolve(ack?.success === true),
              () => resolve(false),
            );
        });
      });
  }

  const started = performance.now();
  let failed = 0;
  for (let i = 0; i < data.count; i += BATCH) {
    const batch = [];
    for (let j = i; j < Math.min(data.count, i + BATCH); j += 1)
      batch.push(open(data.members[(data.offset + j) % data.members.length]!));
    failed += (await Promise.all(batch)).filter((ok) => !ok).length;
  }
  const connected: FromWorker = {
    type: 'connected',
    count: data.count - failed,
    failed,
    ms: performance.now() - started,
  };
  port.postMessage(connected);

  const progress = setInterval(() => port.postMessage({ type: 'progress', deliveries }), 200);
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'finish') return;
    finishing = true;
    clearInterval(progress);
    for (const socket of sockets) socket.close();
    const result: FromWorker = {
      type: 'result',
      deliveries,
      unmatched,
      maxMs,
      disconnects,
      histogram,
      sample,
    };
    port.postMessage(result, [histogram.buffer]);
    port.close();
  });
}

// ---- the main thread's handle on them ----------------------------------------------------------

type ClientsResult = Extract<FromWorker, { type: 'result' }>;

export interface ClientThreads {
  /** Deliveries each thread has seen so far (updated every 200 ms). */
  progress: number[];
  results: Promise<ClientsResult>[];
  connectedCount: number;
  failedCount: number;
}

/**
 * Clients: one thread after another, each connecting its share in batches of 100; resolves once all
 * are connected. Each thread is pushed onto `workers` as it starts (the caller terminates them).
 */
export async function startClients(
  options: Omit<ClientsData, 'count' | 'offset'> & { sockets: number; threads: number },
  workers: Worker[],
): Promise<ClientThreads> {
  const { url, members, client, sockets: SOCKETS, threads: WORKERS } = options;
  const progress = new Array<number>(WORKERS).fill(0);
  const results: Promise<ClientsResult>[] = [];
  let connectedCount = 0;
  let failedCount = 0;
  for (let w = 0; w < WORKERS; w += 1) {
    const offset = Math.floor((SOCKETS * w) / WORKERS);
    const count = Math.floor((SOCKETS * (w + 1)) / WORKERS) - offset;
    const data: ClientsData = { url, members, client, count, offset };
    // Worker threads do not inherit tsx's loader on Node 20: the thread registers it, then loads this file.
    const worker = new Worker(
      `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
      { eval: true, workerData: data },
    );
    workers.push(worker);
    let connectedResolve!: (m: Extract<FromWorker, { type: 'connected' }>) => void;
    const connected = new Promise<Extract<FromWorker, { type: 'connected' }>>((r) => (connectedResolve = r));
    results.push(
      new Promise((resolve, reject) => {
        worker.on('message', (message: FromWorker) => {
          if (message.type === 'connected') connectedResolve(message);
          else if (message.type === 'progress') progress[w] = message.deliveries;
          else resolve(message);
        });
        worker.once('error', reject);
        worker.once('exit', (code) => reject(new Error(`client thread exited (${code})`)));
      }),
    );
    // A thread that fails before connecting ends the run (its rejection is seen here).
    const ended = results.at(-1)!.then(
      () => Promise.reject(new Error('client thread ended before connecting')),
      (error: unknown) => Promise.reject(error),
    );
    ended.catch(() => undefined);
    const c = await Promise.race([connected, ended]);
    connectedCount += c.count;
    failedCount += c.failed;
  }
  return { progress, results, connectedCount, failedCount };
}

/** Tells every thread to finish and adds up what they measured. */
export async function finishClients(workers: Worker[], results: Promise<ClientsResult>[]) {
  for (const worker of workers) worker.postMessage({ type: 'finish' });
  const finished = await Promise.all(results);
  const histogram = merged(finished.map((r) => r.histogram));
  let deliveries = 0;
  let unmatched = 0;
  let maxMs = 0;
  let disconnects = 0;
  const sample = finished.find((r) => r.sample !== undefined)?.sample;
  for (const r of finished) {
    deliveries += r.deliveries;
    unmatched += r.unmatched;
    maxMs = Math.max(maxMs, r.maxMs);
    disconnects += r.disconnects;
  }
  return { histogram, deliveries, unmatched, maxMs, disconnects, sample };
}

/** Waits until the threads saw `expected` deliveries, at most `drainMs` (or 5 s without progress). */
export async function waitForDeliveries(progress: number[], expected: number, drainMs: number) {
  const started = performance.now();
  let last = -1;
  let lastChange = performance.now();
  for (;;) {
    const delivered = progress.reduce((a, b) => a + b, 0);
    if (delivered >= expected) return;
    if (delivered !== last) {
      last = delivered;
      lastChange = performance.now();
    }
    if (performance.now() - started > drainMs || performance.now() - lastChange > 5000) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

if (!isMainThread) await runClients(workerData as ClientsData);
