import type { Server as HttpServer } from 'node:http';
import type { Logger } from 'pino';
import type { Server, ServerOptions, Socket } from 'socket.io';
import type { EventSource, ProcessorHost } from '@atende/events';
import type { GatewayDeps } from '../http/gateway-deps.js';
import type { ClientToServerEvents, ServerToClientEvents } from '@atende/api-contract';
import type { SocketUser } from './socket-auth.js';

/* The shapes of the Socket.IO server of realtime.ts: its events, per-socket data, options and handle. */

type InterServerEvents = Record<string, never>;

export interface SocketData {
  user: SocketUser;
  /** idle: not subscribed yet; replaying: catching up from a position; live: in its rooms. */
  mode: 'idle' | 'replaying' | 'live';
  /** While replaying: the last position considered (sent or not visible). */
  sentThrough: number;
  /** The rooms joined on going live. */
  joined: string[];
  /** Subscribe operations of this socket, one after the other. */
  queue: Promise<unknown>;
}

export type RealtimeServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;
export type RealtimeSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  InterServerEvents,
  SocketData
>;

export interface RealtimeOptions {
  httpServer: HttpServer;
  deps: Pick<GatewayDeps, 'store' | 'readModels' | 'sessions' | 'webOrigin'>;
  /** The projector serving the read models the pushes are built from. */
  projector: { waitForPosition(position: number, timeoutMs?: number): Promise<boolean> };
  logger: Logger;
  /** How often each socket's session and member are checked again (logout, expiry); default 60 s, 0 never. */
  sessionCheckIntervalMs?: number;
  /** Most events a resume reads before telling the client to reload instead (`resync`); default 50 000. */
  maxReplayEvents?: number;
  /**
   * Socket.IO adapter factory, e.g. `createAdapter(pub, sub)` of @socket.io/redis-adapter so that
   * server-wide operations span gateways; default the in-memory adapter. Log-derived pushes stay local.
   */
  adapter?: ServerOptions['adapter'];
  /**
   * Where the live fan-out takes the log's events (batches in order from a position); default the
   * event store itself. Distributed mode: the event bus, as this gateway's own consumer group.
   */
  source?: EventSource;
  /**
   * The process's one consumer of the log, when it also hosts the projector writing the read models
   * (embedded mode): the fan-out is then a processor that runs after the projections of each batch
   * (`afterProcessors`), so it never waits on the projector's position. Default: a host of its own
   * on `source`, and each push waits until `projector` has reached it.
   */
  host?: ProcessorHost;
  /** The processors (the projections) whose batch the fan-out follows in `host`. */
  afterProcessors?: readonly string[];
}

export interface Realtime {
  io: RealtimeServer;
  /** Resolves once the server follows the log (connections wait for it anyway). */
  ready: Promise<void>;
  /** The last global position the live fan-out has handled. */
  position(): number;
  /** Disconnects every socket and stops following the log. Leaves the HTTP server to its owner. */
  close(): Promise<void>;
}
