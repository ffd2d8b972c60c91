import { Server } from 'socket.io';
import {
  ProcessorHost,
  followUntilAborted,
  sleepUnlessAborted,
  streamCategory,
  type MemberEvent,
  type Processor,
  type StoredEvent,
} from '@atende/events';
import { jsonOnlyParser } from './json-only-parser.js';
import { controlRoomsOf, roomsOf } from './audience.js';
import { watchSessions } from './session-watch.js';
import { mayPush, pushesOf, type Push, type PushContext } from './pushes.js';
import { ackErrors, handshakeAuthSchema, joinUserSchema, resumeSchema } from './schemas.js';
import { enqueue, handleRequest, refusal } from './socket-requests.js';
import { authenticateHandshake, originAllowed } from './socket-auth.js';
import type { Realtime, RealtimeOptions, RealtimeServer, RealtimeSocket } from './realtime-types.js';

export type * from './realtime-types.js';

const REPLAY_BATCH = 500;
const PROJECTION_WAIT_MS = 10_000;

/**
 * Socket.IO on the gateway's HTTP server (DESIGN §5). The handshake is authenticated by the session
 * cookie. The server follows the event log from its start and, once the read models include an event,
 * pushes it to the rooms allowed to see it; `resume` (or `auth.lastPosition`) replays what a client
 * missed, then live changes continue, without a position sent twice on one connection.
 *
 * Each gateway follows the log itself and emits to its own sockets only (`io.local`), so several
 * gateways (with or without a Socket.IO adapter) never send an event twice.
 */
export function createRealtime(options: RealtimeOptions): Realtime {
  const { httpServer, deps, projector } = options;
  const logger = options.logger.child({ component: 'realtime' });
  const maxReplay = options.maxReplayEvents ?? 50_000;
  const ctx: PushContext = { store: deps.store, readModels: deps.readModels, logger };

  const io: RealtimeServer = new Server(httpServer, {
    serveClient: false,
    maxHttpBufferSize: 16 * 1024,
    parser: jsonOnlyParser,
    ...(options.adapter ? { adapter: options.adapter } : {}),
    ...(deps.webOrigin ? { cors: { origin: [deps.webOrigin], credentials: true } } : {}),
  });

  let closed = false;
  const abort = new AbortController();
  /** Every event up to here has been pushed to the live sockets. */
  let dispatched = 0;
  let dispatchWaiters: { position: number; resolve: () => void }[] = [];
  const socketsByMember = new Map<string, Set<RealtimeSocket>>();
  const memberKey = (workspaceId: string, userId: string) => `${workspaceId}\u0000${userId}`;

  // Ends with the stop (closed and abort go together).
  const sleep = (ms: number) => sleepUnlessAborted(ms, abort.signal);

  function advance(position: number): void {
    dispatched = position;
    if (dispatchWaiters.length === 0) return;
    const ready = dispatchWaiters.filter((w) => w.position <= position);
    dispatchWaiters = dispatchWaiters.filter((w) => w.position > position);
    for (const w of ready) w.resolve();
  }

  function whenDispatched(position: number): Promise<void> {
    if (dispatched >= position || closed) return Promise.resolve();
    return new Promise((resolve) => dispatchWaiters.push({ position, resolve }));
  }

  // In a host with the projections, the fan-out gets each batch once they have applied it.
  const afterProjections = options.host !== undefined && (options.afterProcessors ?? []).length > 0;

  /** Waits until the read models include `position` (so a client that reloads sees the same). */
  async function waitProjected(position: number): Promise<boolean> {
    while (!closed) {
      if (await projector.waitForPosition(position, PROJECTION_WAIT_MS)) return true;
      if (closed) break;
      logger.warn({ position }, 'read models have not reached this position yet: its push waits');
      await sleep(500);
    }
    return false;
  }

  // ---- rooms -------------------------------------------------------------------------------

  function joinAudience(socket: RealtimeSocket): void {
    const names = roomsOf(socket.data.user);
    void socket.join(names);
    socket.data.joined = names;
  }

  function leaveAudience(socket: RealtimeSocket): void {
    for (const name of socket.data.joined) void socket.leave(name);
    socket.data.joined = [];
  }

  function onMemberEvent(stored: StoredEvent): void {
    const event = stored as StoredEvent<MemberEvent>;
    if (!('userId' in event.data)) return;
    const sockets = socketsByMember.get(memberKey(event.metadata.workspaceId, event.data.userId));
    if (!sockets) return;
    for (const socket of [...sockets]) {
      if (event.type === 'MemberRoleChanged') {
        socket.data.user = { ...socket.data.user, role: event.data.role };
        if (socket.data.mode === 'live') {
          leaveAudience(socket);
          joinAudience(socket);
        }
      } else if (
        event.type === 'MemberRemoved' ||
        (event.type === 'MemberStatusChanged' && event.data.status !== 'active')
      ) {
        socket.disconnect(true);
      }
    }
  }

  // ---- live fan-out ------------------------------------------------------------------------

  /** The pushes of one event, once the read models include it (none when it has none). */
  async function buildPushes(event: StoredEvent): Promise<Push[]> {
    try {
      if (mayPush(event) && (afterProjections || (await waitProjected(event.globalPosition))))
        return await pushesOf(ctx, event);
    } catch (error) {
      if (!closed) logger.error({ err: error, position: event.globalPosition }, 'could not build a push');
    }
    return [];
  }

  /**
   * Emit and advance in one synchronous step: a replay that sees `dispatched` and goes live in
   * between would otherwise miss this event.
   */
  function deliver(event: StoredEvent, pushes: Push[]): void {
    if (closed) return;
    for (const push of pushes) io.local.to(push.rooms).emit(push.name, push.payload as never);
    advance(event.globalPosition);
  }

  async function dispatch(event: StoredEvent): Promise<void> {
    if (streamCategory(event.streamId) === 'member') onMemberEvent(event);
    deliver(event, await buildPushes(event));
  }

  /**
   * A batch: the pushes of consecutive events are built side by side (their read-model lookups
   * overlap) and sent in log order; a member event (it may change who hears what) is a boundary.
   */
  async function dispatchBatch(events: readonly StoredEvent[]): Promise<void> {
    let run: StoredEvent[] = [];
    const flush = async () => {
      // One wait for the run's last event (projectors apply whole pages): the events before it then
      // find their position reached at once, instead of each one waiting with a timer of its own.
      const last = run.findLast(mayPush);
      if (last && !afterProjections) await waitProjected(last.globalPosition);
      const pushes = await Promise.all(run.map(buildPushes));
      run.forEach((event, i) => deliver(event, pushes[i]!));
      run = [];
    };
    for (const event of events) {
      if (closed) return;
      if (event.globalPosition <= dispatched) continue; // a redelivery: already pushed
      if (streamCategory(event.streamId) === 'member') {
        await flush();
        await dispatch(event);
      } else run.push(event);
    }
    await flush();
  }

  const ready = (async () => {
    dispatched = await deps.store.lastGlobalPosition();
  })();
  ready.catch((error: unknown) => {
    logger.error({ err: error }, 'realtime could not start: the event store is not available');
  });
  /** The live fan-out: follows the log from the moment the server started. */
  const fanOut: Processor = {
    id: 'socket-fan-out',
    ...(afterProjections ? { after: options.afterProcessors } : {}),
    startFrom: async () => {
      await ready;
      return dispatched;
    },
    handleBatch: async (events, { through }) => {
      await dispatchBatch(events);
      // Events none of the batch's pushes came from (or positions the log skips) are passed too.
      if (!closed && through > dispatched) advance(through);
    },
  };
  const following = followUntilAborted(
    abort.signal,
    [fanOut],
    options.host,
    () => new ProcessorHost({ store: deps.store, source: options.source, logger, name: 'realtime' }),
  );

  // ---- resume ------------------------------------------------------------------------------

  /**
   * Subscribes a socket to its own audience: replays what it may see after `lastPosition` (default:
   * nothing, live from now), then joins its rooms in the same tick it finds itself caught up with
   * the live fan-out. A live socket asked to resume from an older position has nothing to replay.
   */
  async function subscribe(
    socket: RealtimeSocket,
    lastPosition: number | undefined,
  ): Promise<{ position: number; replayed: number }> {
    try {
      return await catchUp(socket, lastPosition);
    } catch (error) {
      // Not left half-subscribed: a later join:user / resume starts again.
      if (socket.data.mode === 'replaying') socket.data.mode = 'idle';
      throw error;
    }
  }

  async function catchUp(
    socket: RealtimeSocket,
    lastPosition: number | undefined,
  ): Promise<{ position: number; replayed: number }> {
    const state = socket.data;
    const live = () => ({ position: dispatched, replayed: 0 });
    if (closed || socket.disconnected) return live();
    if (state.mode === 'live' && (lastPosition === undefined || lastPosition <= dispatched)) return live();
    let from = lastPosition ?? dispatched;
    // A position the log has not reached (a stale or made-up one) waits for nothing that can't come.
    if (from > dispatched) from = Math.min(from, await deps.store.lastGlobalPosition());
    if (state.mode === 'live' && from <= dispatched) return live();

    leaveAudience(socket);
    state.mode = 'replaying';
    state.sentThrough = from;
    let replayed = 0;
    let scanned = 0;
    for (;;) {
      if (closed || socket.disconnected) return { position: state.sentThrough, replayed };
      if (state.sentThrough > dispatched) {
        await whenDispatched(state.sentThrough);
        continue;
      }
      if (state.sentThrough === dispatched) {
        // Caught up: join the rooms now, before the fan-out can emit anything newer.
        joinAudience(socket);
        state.mode = 'live';
        return { position: dispatched, replayed };
      }
      const target = dispatched;
      if (scanned >= maxReplay) {
        socket.emit('resync', { position: target, code: 'TOO_FAR_BEHIND' });
        state.sentThrough = target;
        continue;
      }
      const limit = Math.min(REPLAY_BATCH, target - state.sentThrough, maxReplay - scanned);
      const batch = await deps.store.readBatch(state.sentThrough + 1, limit, { trusted: true });
      // The pushes are built from the read models: a gateway that started while the projector lagged
      // waits until they include these events, or it would find nothing to send for them.
      const lastPushable = batch.findLast((e) => e.globalPosition <= target && mayPush(e));
      if (lastPushable && !(await waitProjected(lastPushable.globalPosition))) {
        return { position: state.sentThrough, replayed };
      }
      const visible = new Set(roomsOf(state.user));
      for (const event of batch) {
        if (event.globalPosition > target) break;
        if (mayPush(event)) {
          for (const push of await pushesOf(ctx, event)) {
            if (socket.disconnected) return { position: state.sentThrough, replayed };
            if (push.liveOnly || !push.rooms.some((room) => visible.has(room))) continue;
            socket.emit(push.name, push.payload as never);
            replayed += 1;
          }
        }
        state.sentThrough = event.globalPosition;
        scanned += 1;
      }
      // Fewer events than asked for: none is left up to the target (positions may have gaps).
      if (batch.length < limit || (batch.at(-1)?.globalPosition ?? target) >= target) {
        state.sentThrough = Math.max(state.sentThrough, target);
      }
    }
  }

  // ---- connections -------------------------------------------------------------------------

  const sessionWatch = watchSessions({
    io,
    deps,
    logger,
    intervalMs: options.sessionCheckIntervalMs ?? 60_000,
  });

  io.use((socket, next) => {
    void (async () => {
      const headers = socket.request.headers;
      if (!originAllowed(headers, deps.webOrigin)) {
        return next(refusal('FORBIDDEN', 'Origem não permitida'));
      }
      await ready;
      const user = await authenticateHandshake(deps, headers);
      if (!user) return next(refusal('UNAUTHENTICATED', 'Sessão expirada. Entre novamente.'));
      const auth = handshakeAuthSchema.safeParse(socket.handshake.auth ?? {});
      if (!auth.success) return next(refusal('VALIDATION_ERROR', 'Dados inválidos'));
      socket.data = { user, mode: 'idle', sentThrough: 0, joined: [], queue: Promise.resolve() };
      next();
    })().catch((error: unknown) => {
      logger.error({ err: error }, 'socket handshake failed');
      next(refusal('INTERNAL_ERROR', 'Erro inesperado'));
    });
  });

  io.on('connection', (socket) => {
    const { user } = socket.data;
    const key = memberKey(user.workspaceId, user.userId);
    let sockets = socketsByMember.get(key);
    if (!sockets) socketsByMember.set(key, (sockets = new Set()));
    sockets.add(socket);
    void socket.join(controlRoomsOf(user));
    const unwatch = sessionWatch.watch(socket);
    socket.on('disconnect', () => {
      unwatch();
      sockets.delete(socket);
      if (sockets.size === 0 && socketsByMember.get(key) === sockets) socketsByMember.delete(key);
    });

    handleRequest(
      logger,
      socket,
      'join:user',
      (payload) => joinUserSchema.safeParse(payload),
      async (data) => {
        const userId = typeof data === 'string' ? data : data.userId;
        if (userId !== socket.data.user.userId) return ackErrors.forbidden();
        const { position } = await enqueue(socket, () => subscribe(socket, undefined));
        return { success: true, userId, position };
      },
    );
    handleRequest(
      logger,
      socket,
      'resume',
      (payload) => resumeSchema.safeParse(payload),
      async ({ lastPosition }) => {
        const { position, replayed } = await enqueue(socket, () => subscribe(socket, lastPosition));
        return { success: true, position, replayed };
      },
    );

    const lastPosition = handshakeAuthSchema.parse(socket.handshake.auth ?? {}).lastPosition;
    if (lastPosition !== undefined && lastPosition !== null) {
      enqueue(socket, () => subscribe(socket, lastPosition)).catch((error: unknown) => {
        logger.error({ err: error }, 'resume on connect failed');
        socket.disconnect(true);
      });
    }
  });

  let closing: Promise<void> | undefined;
  return {
    io,
    ready,
    position: () => dispatched,
    close: () =>
      (closing ??= (async () => {
        closed = true;
        abort.abort();
        sessionWatch.close();
        for (const w of dispatchWaiters) w.resolve();
        dispatchWaiters = [];
        // Only this gateway's sockets (with a shared adapter, `io.disconnectSockets` reaches every gateway).
        io.local.disconnectSockets(true);
        io.engine.close();
        // The fan-out loop ends on its own once the store or the projector lets go (it sends nothing more).
        await Promise.race([following, new Promise((resolve) => setTimeout(resolve, 100).unref())]);
      })()),
  };
}
