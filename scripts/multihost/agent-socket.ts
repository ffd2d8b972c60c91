import { io, type Socket } from 'socket.io-client';

/** Every push carries the global position of its event (what `resume` starts after). */
interface Push {
  position?: unknown;
  content?: unknown;
}

/**
 * A signed-in agent's Socket.IO connection to one gateway, as the web client keeps it: when the
 * gateway dies or restarts it reconnects (every 250 ms–1 s) and resumes after the last position it
 * saw, so it must end with every customer message exactly once. Counts `whatsapp:newMessage` by
 * content.
 */
export class AgentSocket {
  private readonly counts = new Map<string, number>();
  private socket: Socket | undefined;
  private lastPosition = 0;
  private closing = false;
  disconnects = 0;
  /** `resync` (the gateway could not replay what was missed): what it skipped is lost here. */
  resyncs = 0;

  constructor(
    readonly label: string,
    private readonly url: string,
    private readonly cookie: string,
    private readonly userId: string,
  ) {}

  /** Connects and joins the agent's rooms; resolves once the gateway confirmed. */
  async open(): Promise<void> {
    const socket = io(this.url, {
      transports: ['websocket'],
      extraHeaders: { cookie: this.cookie },
      reconnectionDelay: 250,
      reconnectionDelayMax: 1_000,
      timeout: 10_000,
      // Read at every (re)connection: the gateway replays what came after it, then goes live.
      auth: (send) => send(this.lastPosition > 0 ? { lastPosition: this.lastPosition } : {}),
    });
    this.socket = socket;
    socket.onAny((_event: string, payload: Push) => {
      if (typeof payload?.position === 'number')
        this.lastPosition = Math.max(this.lastPosition, payload.position);
    });
    socket.on('whatsapp:newMessage', (payload: Push) => {
      if (typeof payload?.content !== 'string') return;
      this.counts.set(payload.content, (this.counts.get(payload.content) ?? 0) + 1);
    });
    socket.on('resync', () => (this.resyncs += 1));
    socket.on('disconnect', (reason) => {
      if (this.closing) return;
      this.disconnects += 1;
      // A gateway that stops closes its sockets itself ("io server disconnect"): no automatic retry then.
      if (reason === 'io server disconnect') setTimeout(() => this.reconnect(), 250);
    });
    socket.on('connect_error', () => {
      // Refused in the handshake (a gateway still starting, its Redis unreachable): not retried by itself.
      if (!socket.active) setTimeout(() => this.reconnect(), 1_000);
    });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`${this.label}: no socket after 60 s`)), 60_000);
      socket.once('connect', () => {
        socket
          .timeout(30_000)
          .emitWithAck('join:user', this.userId)
          .then((ack: { success?: boolean; position?: number; code?: string }) => {
            clearTimeout(timer);
            if (ack?.success !== true) return reject(new Error(`${this.label}: join:user ${ack?.code}`));
            this.lastPosition = Math.max(this.lastPosition, ack.position ?? 0);
            resolve();
          })
          .catch(reject);
      });
    });
  }

  private reconnect(): void {
    if (!this.closing && this.socket && !this.socket.connected && !this.socket.active) this.socket.connect();
  }

  /** How many times each text was pushed (0 when never). */
  timesReceived(text: string): number {
    return this.counts.get(text) ?? 0;
  }

  close(): void {
    this.closing = true;
    this.socket?.close();
  }
}
