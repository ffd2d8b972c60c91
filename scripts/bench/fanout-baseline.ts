/**
 * bench:fanout's same-run baseline: a bare Socket.IO server (no log, no projections, no sessions)
 * broadcasting a payload of the same shape as Atende's `whatsapp:newMessage` to as many sockets, at
 * the same rate, through the same client threads. What it measures is the floor this machine puts
 * under any fan-out of that size: Socket.IO's writes, loopback TCP and the clients sharing the cores.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Worker } from 'node:worker_threads';
import { Server } from 'socket.io';
import { finishClients, now, startClients, waitForDeliveries } from './fanout-clients.js';

export interface BaselineOptions {
  sockets: number;
  rate: number;
  seconds: number;
  workers: number;
  client: 'wire' | 'socket.io';
  /** A payload Atende sent in the same run; its `content` is replaced by each send's timestamp. */
  sample: Record<string, unknown>;
  drainMs: number;
}

export async function runBareBroadcast(options: BaselineOptions) {
  const http = createServer();
  const io = new Server(http, { serveClient: false });
  io.on('connection', (socket) => {
    socket.on('join:user', (_userId: unknown, ack: unknown) => {
      void socket.join('all');
      if (typeof ack === 'function') ack({ success: true });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const workers: Worker[] = [];
  try {
    const clients = await startClients(
      {
        url,
        members: [{ cookie: '', userId: 'baseline' }],
        sockets: options.sockets,
        threads: options.workers,
        client: options.client,
      },
      workers,
    );
    const total = Math.round(options.rate * options.seconds);
    const interval = 1000 / options.rate;
    const started = performance.now();
    for (let sent = 0; sent < total; sent += 1) {
      const wait = started + sent * interval - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      io.to('all').emit('whatsapp:newMessage', { ...options.sample, content: `bench:${now().toFixed(3)}` });
    }
    const expected = total * clients.connectedCount;
    await waitForDeliveries(clients.progress, expected, options.drainMs);
    return { expected, ...(await finishClients(workers, clients.results)) };
  } finally {
    for (const worker of workers) await worker.terminate();
    io.close();
    http.close();
  }
}
