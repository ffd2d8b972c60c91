import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventStore, ReadModels } from '@atende/events';
import type { Projector } from '@atende/projector';
import type { SessionStore } from '../auth/session-store.js';
import { createApp, type AppOptions } from '../http/create-app.js';
import type { GatewayDeps, ProjectionProgress } from '../http/gateway-deps.js';
import { createRealtime, type Realtime } from '../realtime/index.js';

export interface GatewayOptions {
  /** This gateway's connection to the shared event store (it follows the log through it). */
  store: EventStore;
  /** The shared read models (Redis in distributed mode) written by the projector. */
  readModels: ReadModels;
  /** The shared sessions (RedisSessionStore in distributed mode): a cookie works on every gateway. */
  sessions: SessionStore;
  /** How far the projector writing `readModels` has come (read-your-writes, and pushes wait on it). */
  progress: ProjectionProgress;
  logger: Logger;
  /** 0 picks a free port. */
  port: number;
  /** Default 0.0.0.0. */
  host?: string;
  /**
   * Redis for the Socket.IO adapter: with it, server-wide operations (`io.to(room).emit`,
   * `fetchSockets`, `disconnectSockets`, `serverSideEmit`) reach the sockets of every gateway.
   * Without it the gateway uses the in-memory adapter (one gateway only).
   */
  redisUrl?: string;
  /** Pub/sub channel prefix of the adapter; every gateway of one deployment uses the same. Default `atende:socket.io`. */
  adapterKey?: string;
  /** Projectors running in this process, reported by /healthz and /readyz; default none. */
  projectors?: readonly Projector[];
  webOrigin?: string;
  trustProxy?: AppOptions['trustProxy'];
  loginLimits?: AppOptions['loginLimits'];
  /** See RealtimeOptions.sessionCheckIntervalMs. */
  sessionCheckIntervalMs?: number;
}

export interface Gateway {
  server: Server;
  realtime: Realtime;
  /** The Socket.IO server (with the Redis adapter when `redisUrl` was given). */
  io: Realtime['io'];
  port: number;
  /** http://localhost:PORT */
  url: string;
  /**
   * Stops this gateway: its sockets, the HTTP server and the adapter's Redis clients. The shared
   * components (store, read models, sessions, projector) belong to the caller and stay open.
   */
  stop(): Promise<void>;
}

/**
 * One gateway (HTTP API + Socket.IO) on shared components. Several can run side by side behind one
 * address (distributed mode, DESIGN §2 and §5): sessions and read models are shared, each gateway
 * follows the shared event log itself and pushes log-derived changes to its own sockets only
 * (`io.local`), so no change is sent twice; the Redis adapter carries the server-wide operations.
 */
export async function startGateway(options: GatewayOptions): Promise<Gateway> {
  const { logger } = options;
  const deps: GatewayDeps = {
    store: options.store,
    readModels: options.readModels,
    progress: options.progress,
    sessions: options.sessions,
    logger,
    ...(options.webOrigin ? { webOrigin: options.webOrigin } : {}),
  };
  const app = createApp(deps, {
    projectors: options.projectors ?? [],
    startedAt: new Date(),
    ...(options.trustProxy !== undefined ? { trustProxy: options.trustProxy } : {}),
    ...(options.loginLimits ? { loginLimits: options.loginLimits } : {}),
  });

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  const quitRedis = async () => {
    await Promise.all([pub, sub].map((client) => client?.quit().catch(() => client.disconnect())));
  };

  let server: Server | undefined;
  try {
    let adapter: ReturnType<typeof createAdapter> | undefined;
    if (options.redisUrl) {
      pub = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
      sub = pub.duplicate();
      // The adapter logs its own errors; these keep an unreachable Redis from crashing the process.
      for (const client of [pub, sub]) {
        client.on('error', (error: unknown) => logger.warn({ err: error }, 'socket.io adapter: Redis error'));
      }
      await Promise.all([pub.ping(), sub.ping()]);
      adapter = createAdapter(pub, sub, { key: options.adapterKey ?? 'atende:socket.io' });
    }

    server = await new Promise<Server>((resolve, reject) => {
      const s = app.listen(options.port, options.host ?? '0.0.0.0', () => resolve(s));
      s.once('error', reject);
    });
    const realtime = createRealtime({
      httpServer: server,
      deps,
      projector: options.progress,
      logger,
      ...(adapter ? { adapter } : {}),
      ...(options.sessionCheckIntervalMs !== undefined
        ? { sessionCheckIntervalMs: options.sessionCheckIntervalMs }
        : {}),
    });
    await realtime.ready;

    const httpServer = server;
    const { port } = httpServer.address() as AddressInfo;
    let stopping: Promise<void> | undefined;
    return {
      server: httpServer,
      realtime,
      io: realtime.io,
      port,
      url: `http://localhost:${port}`,
      stop: () =>
        (stopping ??= (async () => {
          await realtime.close();
          // Unsubscribes this node from the adapter's channels before its clients go.
          await realtime.io.of('/').adapter.close();
          httpServer.closeAllConnections();
          await new Promise<void>((resolve) => httpServer.close(() => resolve()));
          await quitRedis();
        })()),
    };
  } catch (error) {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await quitRedis();
    throw error;
  }
}
