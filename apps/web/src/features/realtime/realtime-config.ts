import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';

export type SocketFactory = (
  url: string | undefined,
  options: Partial<ManagerOptions & SocketOptions>,
) => Socket | Promise<Socket>;

/**
 * Settings of the live socket and of the polling fallbacks. The app uses the defaults (spec §4/§9);
 * tests point `url` at their own Socket.IO server and may shorten the waits.
 */
export const realtimeConfig: {
  /** Where the socket connects; undefined = the page's own origin (the gateway serves both). */
  url: string | undefined;
  /** Socket.IO's own quick reconnection: attempts and first delay (spec: 5 attempts, 1 s). */
  reconnectionAttempts: number;
  reconnectionDelay: number;
  /** Once the quick attempts are used up (or the server refused or dropped us): one attempt this often. */
  slowRetryMs: number;
  /** After the server closed the socket itself, the wait before connecting again. */
  serverDisconnectRetryMs: number;
  /** How long `join:user` may wait for its answer. */
  ackTimeoutMs: number;
  /** Messages of the open windows are reloaded this often while the socket is down (spec §9: 5 s). */
  pollIntervalMs: number;
  /** Marking a conversation read waits this long for the window to settle (no request storm). */
  readDebounceMs: number;
  createSocket: SocketFactory;
} = {
  url: undefined,
  reconnectionAttempts: 5,
  reconnectionDelay: 1000,
  slowRetryMs: 10_000,
  serverDisconnectRetryMs: 1000,
  ackTimeoutMs: 10_000,
  pollIntervalMs: 5000,
  readDebounceMs: 300,
  // Socket.IO's client (≈18 KB gzipped) arrives after the dashboard's first paint, not before it.
  createSocket: async (url, options) => {
    const { io } = await import('socket.io-client');
    return url === undefined ? io(options) : io(url, options);
  },
};

/** The defaults, to put back after a test changed them. */
export const defaultRealtimeConfig = { ...realtimeConfig };
