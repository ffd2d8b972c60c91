import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import type { Projector } from '@atende/projector';
import { answerClientErrors } from '../http/client-errors.js';
import { listenHttp } from '../http/listen.js';
import { createApp, type AppOptions } from '../http/create-app.js';
import { auditBurstsOf } from '../http/deny-access.js';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { createRealtime, type Realtime, type RealtimeOptions } from '../realtime/index.js';

/**
 * What one gateway needs: the gateway's dependencies (GatewayDeps: store, read models, sessions,
 * projector progress, logger, and the optional web origin, body limit, Firebase verifier…) plus where
 * to listen and the Redis of the Socket.IO adapter.
 *
 * - `store`: this gateway's connection to the shared event store (it follows the log through it).
 * - `readModels`: the shared read models (Redis in distributed mode) written by the projector.
 * - `sessions`: the shared sessions (RedisSessionStore): a cookie works on every gateway.
 * - `progress`: how far the projector writing `readModels` has come (read-your-writes; pushes wait on it).
 */
export interface GatewayOptions extends GatewayDeps {
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
  trustProxy?: AppOptions['trustProxy'];
  loginLimits?: AppOptions['loginLimits'];
  metricsToken?: AppOptions['metricsToken'];
  /** See RealtimeOptions.sessionCheckIntervalMs. */
  sessionCheckIntervalMs?: number;
  /** See RealtimeOptions.source (the event bus in distributed mode). */
  eventSource?: RealtimeOptions['source'];
  /** The built web client to serve, if any (apps/web/dist). */
  webDistDir?: string;
  /** The relay's and projector's progress, checked by /readyz. */
  roles?: AppOptions['roles'];
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
  const {
    port: wantedPort,
    host,
    redisUrl,
    adapterKey,
    projectors,
    trustProxy,
    loginLimits,
    metricsToken,
    sessionCheckIntervalMs,
    eventSource,
    webDistDir,
    roles,
    ...deps
  } = options;
  const { logger } = deps;
  const app = createApp(deps, {
    projectors: projectors ?? [],
    startedAt: new Date(),
    ...(webDistDir ? { webDistDir } : {}),
    ...(trustProxy !== undefined ? { trustProxy } : {}),
    ...(loginLimits ? { loginLimits } : {}),
    ...(metricsToken ? { metricsToken } : {}),
    ...(roles ? { roles } : {}),
  });

  let pub: Redis | undefined;
  let sub: Redis | undefined;
  const quitRedis = async () => {
    await Promise.all([pub, sub].map((client) => client?.quit().catch(() => client.disconnect())));
  };

  let server: Server | undefined;
  try {
    let adapter: ReturnType<typeof createAdapter> | undefined;
    if (redisUrl) {
      pub = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
      sub = pub.duplicate();
      // The adapter logs its own errors; these keep an unreachable Redis from crashing the process.
      for (const client of [pub, sub]) {
        client.on('error', (error: unknown) => logger.warn({ err: error }, 'socket.io adapter: Redis error'));
      }
      await Promise.all([pub.ping(), sub.ping()]);
      adapter = createAdapter(pub, sub, { key: adapterKey ?? 'atende:socket.io' });
    }

    server = await listenHttp(app, wantedPort, host ?? '0.0.0.0');
    answerClientErrors(server);
    const realtime = createRealtime({
      httpServer: server,
      deps,
      projector: deps.progress,
      logger,
      ...(adapter ? { adapter } : {}),
      ...(sessionCheckIntervalMs !== undefined ? { sessionCheckIntervalMs } : {}),
      ...(eventSource ? { source: eventSource } : {}),
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
          await auditBurstsOf(deps).flush();
          await quitRedis();
        })()),
    };
  } catch (error) {
    if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    await quitRedis();
    throw error;
  }
}
