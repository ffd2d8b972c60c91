import type { Logger } from 'pino';
import type { GatewayDeps } from '../http/gateway-deps.js';
import { rooms } from './audience.js';
import type { RealtimeServer, RealtimeSocket } from './realtime.js';
import { stillAuthenticated } from './socket-auth.js';

export interface SessionWatch {
  /** Closes the socket the moment its session expires; the returned function stops watching it. */
  watch(socket: RealtimeSocket): () => void;
  close(): void;
}

/**
 * Sockets never outlive their session. Logout, a switch of company, a member removed or deactivated
 * (any session ended through the store): that session's sockets close at once, through the adapter
 * on every gateway. An expiry closes the socket when it comes (requests may have slid it: checked
 * then). A periodic check (`intervalMs`, 0 never) catches what ended elsewhere.
 */
export function watchSessions(options: {
  io: RealtimeServer;
  deps: Pick<GatewayDeps, 'sessions' | 'readModels'>;
  logger: Logger;
  intervalMs: number;
}): SessionWatch {
  const { io, deps, logger } = options;
  let closed = false;

  const stopListening = deps.sessions.onEnded((ending) => {
    if (closed) return;
    const room =
      'tokenHash' in ending
        ? rooms.session(ending.tokenHash)
        : ending.workspaceId !== undefined
          ? rooms.memberSockets(ending.workspaceId, ending.userId)
          : rooms.userSockets(ending.userId);
    io.in(room).disconnectSockets(true);
  });

  function watch(socket: RealtimeSocket): () => void {
    let timer: NodeJS.Timeout | undefined;
    const arm = (at: number) => {
      timer = setTimeout(check, Math.min(Math.max(0, at - Date.now()) + 50, 2 ** 31 - 1));
      timer.unref();
    };
    const check = () => {
      if (closed || socket.disconnected) return;
      stillAuthenticated(deps, socket.data.user).then(
        (next) => (next === undefined ? socket.disconnect(true) : arm(next)),
        (error: unknown) => {
          logger.warn({ err: error }, 'session expiry check failed');
          arm(Date.now() + 5_000);
        },
      );
    };
    arm(socket.data.user.sessionExpiresAt);
    return () => clearTimeout(timer);
  }

  let checking = false;
  const interval =
    options.intervalMs > 0
      ? setInterval(() => {
          if (checking || closed) return;
          checking = true;
          void (async () => {
            for (const socket of io.of('/').sockets.values()) {
              if (closed) break;
              if ((await stillAuthenticated(deps, socket.data.user)) === undefined) socket.disconnect(true);
            }
          })()
            .catch((error: unknown) => logger.warn({ err: error }, 'session check failed'))
            .finally(() => (checking = false));
        }, options.intervalMs)
      : undefined;
  interval?.unref();

  return {
    watch,
    close: () => {
      closed = true;
      stopListening();
      if (interval) clearInterval(interval);
    },
  };
}
