/**
 * bench:ingest's agent: one signed-in socket (the demo owner) listening for `whatsapp:newMessage` in a
 * worker thread of its own, so its clock and its event loop are not the server's. The thread loads
 * this module (the last line runs it there); the main thread starts it with `startAgent`.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { newHistogram, record } from './latency-histogram.js';

export interface AgentData {
  url: string;
  cookie: string;
  userId: string;
  /** Messages of each phase (sizes the duplicate checks); `latency` counts every round's. */
  throughput: number;
  latency: number;
  /** Messages of one latency round: `lat:` message n belongs to round ⌊n / latencyRound⌋. */
  latencyRound: number;
}

export interface Progress {
  /** Distinct `tp:` / `lat:` messages received so far. */
  tp: number;
  lat: number;
  /** Arrival time (timeOrigin-based ms) of the last new `tp:` message. */
  tpLastAt: number;
}

type FromAgent =
  | { type: 'connected' }
  | { type: 'failed'; error: string }
  | ({ type: 'progress' } & Progress)
  | ({
      type: 'result';
      /** One latency histogram per round. */
      histograms: Uint32Array[];
      maxMs: number;
      duplicates: number;
      unmatched: number;
      disconnects: number;
    } & Progress);

/** The cross-thread clock: performance.timeOrigin + performance.now(). */
export const now = () => performance.timeOrigin + performance.now();

// ---- the agent's socket (worker thread) --------------------------------------------------------

async function runAgent(data: AgentData): Promise<void> {
  const { io: connect } = await import('socket.io-client');
  const port = parentPort!;
  const histograms = Array.from({ length: Math.ceil(data.latency / data.latencyRound) }, newHistogram);
  const seenTp = new Uint8Array(data.throughput);
  const seenLat = new Uint8Array(data.latency);
  const p: Progress = { tp: 0, lat: 0, tpLastAt: 0 };
  let maxMs = 0;
  let duplicates = 0;
  let unmatched = 0;
  let disconnects = 0;
  let finishing = false;

  const socket = connect(data.url, {
    transports: ['websocket'],
    extraHeaders: { cookie: data.cookie },
    reconnection: false,
    timeout: 30_000,
  });
  // Content is `tp:<seq>` (throughput) or `lat:<seq>:<inbound() time>` (latency).
  socket.on('whatsapp:newMessage', (payload: { content?: unknown }) => {
    const at = now();
    const content = typeof payload?.content === 'string' ? payload.content : '';
    if (content.startsWith('tp:')) {
      const seq = Number(content.slice(3));
      if (seenTp[seq] !== 0) {
        duplicates += 1;
        return;
      }
      seenTp[seq] = 1;
      p.tp += 1;
      p.tpLastAt = at;
    } else if (content.startsWith('lat:')) {
      const [, seqText, sentText] = content.split(':');
      const seq = Number(seqText);
      if (seenLat[seq] !== 0) {
        duplicates += 1;
        return;
      }
      seenLat[seq] = 1;
      p.lat += 1;
      const ms = at - Number(sentText);
      if (ms > maxMs) maxMs = ms;
      record(histograms[Math.floor(seq / data.latencyRound)]!, ms);
    } else {
      unmatched += 1;
    }
  });
  socket.on('disconnect', () => {
    if (!finishing) disconnects += 1;
  });
  socket.once('connect_error', (error) => port.postMessage({ type: 'failed', error: error.message }));
  socket.once('connect', () => {
    // What the web client does once connected: join its own user (the server then puts the socket
    // in the rooms of its role: every conversation of the workspace for an owner).
    socket
      .timeout(30_000)
      .emitWithAck('join:user', data.userId)
      .then(
        (ack: { success?: boolean; code?: string }) =>
          port.postMessage(
            ack?.success === true
              ? { type: 'connected' }
              : { type: 'failed', error: `join:user refused (${ack?.code})` },
          ),
        (error: unknown) => port.postMessage({ type: 'failed', error: String(error) }),
      );
  });

  const progress = setInterval(() => port.postMessage({ type: 'progress', ...p }), 50);
  port.on('message', (message: { type: string }) => {
    if (message.type !== 'finish') return;
    finishing = true;
    clearInterval(progress);
    socket.disconnect();
    const result: FromAgent = {
      type: 'result',
      ...p,
      histograms,
      maxMs,
      duplicates,
      unmatched,
      disconnects,
    };
    port.postMessage(
      result,
      histograms.map((h) => h.buffer),
    );
    port.close();
  });
}

// ---- the main thread's handle on it --------------------------------------------------------

export interface AgentThread {
  worker: Worker;
  /** Resolves once the socket is connected and has joined its user. */
  connected: Promise<void>;
  /** What the thread measured, once it is told to finish. */
  result: Promise<Extract<FromAgent, { type: 'result' }>>;
}

/** Starts the agent's thread; `onProgress` gets what it has received so far, every 50 ms. */
export function startAgent(data: AgentData, onProgress: (progress: Progress) => void): AgentThread {
  // Worker threads do not inherit tsx's loader on Node 20: the thread registers it, then loads this file.
  const agent = new Worker(
    `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`,
    { eval: true, workerData: data },
  );
  let connectedResolve!: () => void;
  let connectedReject!: (error: Error) => void;
  const connected = new Promise<void>((resolve, reject) => {
    connectedResolve = resolve;
    connectedReject = reject;
  });
  const result = new Promise<Extract<FromAgent, { type: 'result' }>>((resolve, reject) => {
    agent.on('message', (message: FromAgent) => {
      if (message.type === 'connected') connectedResolve();
      else if (message.type === 'failed') connectedReject(new Error(`agent socket: ${message.error}`));
      else if (message.type === 'progress') onProgress(message);
      else resolve(message);
    });
    agent.once('error', (error) => {
      connectedReject(error);
      reject(error);
    });
    agent.once('exit', (code) => {
      const error = new Error(`agent thread exited (${code})`);
      connectedReject(error);
      reject(error);
    });
  });
  result.catch(() => undefined);
  return { worker: agent, connected, result };
}

if (!isMainThread) await runAgent(workerData as AgentData);
