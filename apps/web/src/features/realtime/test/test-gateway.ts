import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket } from 'socket.io';
import type { Conversation, Me, Message } from '../../../api/types';
import { realtimeConfig } from '../realtime-config';
import { ana, makeConversation } from '../../../test/fixtures';

export interface Handshake {
  auth: Record<string, unknown>;
  socketId: string;
}

/**
 * A real Socket.IO server standing in for the gateway's realtime side (apps/gateway/src/realtime):
 * it records handshakes and `join:user`, answers the join with its current position, and lets a
 * test push events. It can be stopped and started again on the same port.
 */
export class TestGateway {
  readonly handshakes: Handshake[] = [];
  readonly joins: unknown[] = [];
  /** The global position of the log (join acks answer it). */
  position = 0;
  /** Everything pushed, in order: a handshake with `auth.lastPosition` gets what came after it. */
  readonly log: { name: string; payload: Record<string, unknown> & { position: number } }[] = [];
  private io: Server | null = null;
  private http: HttpServer | null = null;
  private port = 0;

  static async start(): Promise<TestGateway> {
    const gateway = new TestGateway();
    await gateway.listen();
    realtimeConfig.url = gateway.url;
    return gateway;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.io !== null;
  }

  /** Sockets connected now. */
  sockets(): Socket[] {
    return this.io ? [...this.io.of('/').sockets.values()] : [];
  }

  async listen(): Promise<void> {
    const http = createServer();
    const io = new Server(http, { serveClient: false });
    io.on('connection', (socket) => {
      const auth = { ...(socket.handshake.auth as Record<string, unknown>) };
      this.handshakes.push({ auth, socketId: socket.id });
      // Resume (DESIGN §5): what the client missed, in order, before anything live.
      if (typeof auth.lastPosition === 'number') {
        for (const entry of this.log) {
          if (entry.payload.position > auth.lastPosition) socket.emit(entry.name, entry.payload);
        }
      }
      socket.on('join:user', (userId: unknown, ack?: (answer: unknown) => void) => {
        this.joins.push(userId);
        ack?.({ success: true, userId, position: this.position });
      });
      socket.on('resume', (_payload: unknown, ack?: (answer: unknown) => void) =>
        ack?.({ success: true, position: this.position, replayed: 0 }),
      );
    });
    await new Promise<void>((resolve, reject) => {
      http.once('error', reject);
      http.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (http.address() as AddressInfo).port;
    this.http = http;
    this.io = io;
  }

  /**
   * Appends an event to the log and pushes it to every connected socket (none while stopped: a
   * reconnecting client gets it by resuming). The position advances first, like the real log.
   */
  push(name: string, payload: Record<string, unknown>): number {
    const position = typeof payload.position === 'number' ? payload.position : this.position + 1;
    this.position = Math.max(this.position, position);
    const entry = { name, payload: { ...payload, position } };
    this.log.push(entry);
    this.io?.emit(name, entry.payload);
    return position;
  }

  /** Closes every socket from the server side (the client's reason: 'io server disconnect'). */
  disconnectSockets(): void {
    this.io?.disconnectSockets(true);
  }

  /** Stops the server (the clients see the transport close and start reconnecting). */
  async stop(): Promise<void> {
    const io = this.io;
    this.io = null;
    this.http = null;
    if (!io) return;
    await new Promise<void>((resolve) => {
      io.close(() => resolve());
    });
  }
}

export const me = (overrides: Partial<Me> = {}): Me => ({ ...ana, ...overrides });

export const CHAT = '5511999990000@c.us';

/** A stored message as GET /api/whatsapp/messages answers it. */
export function storedMessage(n: number, overrides: Partial<Message> = {}): Message {
  const time = new Date(Date.UTC(2025, 2, 10, 12, 0, n)).toISOString();
  return {
    id: `m${n}`,
    conversationId: CHAT,
    content: `mensagem ${n}`,
    sender: 'customer',
    senderName: 'Cliente',
    senderPhone: '5511999990000',
    senderId: '5511999990000',
    fromMe: false,
    timestamp: time,
    createdAt: time,
    type: 'text',
    status: 'delivered',
    mediaUrl: null,
    mediaStatus: 'none',
    fileName: null,
    error: null,
    position: n,
    ...overrides,
  };
}

/** A conversation as the gateway pushes it: the REST view (the contract's), as a row of an unread message. */
export function pushedRow(overrides: Parameters<typeof makeConversation>[0] = {}): Conversation {
  return makeConversation({
    id: CHAT,
    lastMessage: 'olá',
    unreadCount: 1,
    createdAt: '2025-03-10T11:00:00.000Z',
    updatedAt: '2025-03-10T12:00:00.000Z',
    lastInboundAt: '2025-03-10T12:00:00.000Z',
    ...overrides,
  });
}

/** The same row as the REST list carries it. */
export function conversation(overrides: Partial<Conversation> = {}): Conversation {
  return makeConversation({
    id: CHAT,
    lastMessage: 'olá',
    createdAt: '2025-03-10T11:00:00.000Z',
    ...overrides,
  });
}

/** Resolves once `check` holds (polled every 10 ms); fails after `timeoutMs`. */
export async function until(check: () => boolean, timeoutMs = 8000, what = 'condition'): Promise<void> {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what} not reached in ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** msw's unhandled-request rule for these tests: the socket's own traffic goes through untouched. */
export const letSocketThrough = (request: Request, print: { error(): void }): void => {
  if (new URL(request.url).pathname.startsWith('/socket.io/')) return;
  print.error();
};
