import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pino } from 'pino';
import { conversationSchema, newMessagePayloadSchema } from '@atende/api-contract';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import {
  ProcessorHost,
  atendeRegistry,
  channelSessionDecider,
  conversationDecider,
  handleCommand,
  memberDecider,
  streams,
  type ChannelSessionCommand,
  type ConversationCommand,
  type MemberCommand,
} from '@atende/events';
import { SqliteSessionStore } from '../auth/session-store.js';
import type { EmbeddedAtende } from '../embedded/start-embedded.js';
import { GatewayHarness } from '../testing/harness.js';
import { createRealtime, type Realtime } from './realtime.js';
import { roomyAllowance } from '@atende/events/testing';

const WS = 'minha-empresa';

interface Received {
  name: string;
  payload: Record<string, unknown> & { position: number };
}

/** A client socket that records every event it receives. */
class Client {
  readonly received: Received[] = [];
  constructor(readonly socket: ClientSocket) {
    socket.onAny((name: string, payload: Received['payload']) => this.received.push({ name, payload }));
  }

  of(name: string): Received['payload'][] {
    return this.received.filter((r) => r.name === name).map((r) => r.payload);
  }

  /** Resolves once `predicate` holds for what was received; fails after `timeoutMs`. */
  async waitFor(predicate: (received: Received[]) => boolean, timeoutMs = 5000): Promise<void> {
    const started = Date.now();
    while (!predicate(this.received)) {
      if (Date.now() - started > timeoutMs) {
        throw new Error(`timed out; received: ${JSON.stringify(this.received.map((r) => r.name))}`);
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  close(): void {
    this.socket.disconnect();
  }
}

describe('realtime (Socket.IO)', () => {
  let gw: GatewayHarness;
  let realtime: Realtime;
  let ownRealtime = false;
  let sessions: SqliteSessionStore | undefined;
  let ownerCookie: string;
  let ownerId: string;
  const clients: Client[] = [];

  const deps = () => ({ store: gw.atende.store, registry: atendeRegistry });

  function open(
    cookie: string | undefined,
    auth?: Record<string, unknown>,
    url = gw.url,
    transports = ['websocket'],
  ): ClientSocket {
    return connect(url, {
      transports,
      extraHeaders: cookie ? { cookie } : {},
      ...(auth ? { auth } : {}),
      reconnection: false,
      forceNew: true,
    });
  }

  /** Connects (refusals reject with the connect_error). */
  async function client(
    cookie: string | undefined,
    auth?: Record<string, unknown>,
    url = gw.url,
  ): Promise<Client> {
    const socket = open(cookie, auth, url);
    const c = new Client(socket);
    clients.push(c);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return c;
  }

  async function joined(cookie: string, userId: string, auth?: Record<string, unknown>): Promise<Client> {
    const c = await client(cookie, auth);
    const ack = await c.socket.emitWithAck('join:user', userId);
    expect(ack).toMatchObject({ success: true, userId });
    return c;
  }

  async function refusal(cookie: string | undefined): Promise<Error & { data?: unknown }> {
    const socket = open(cookie);
    clients.push(new Client(socket));
    return new Promise((resolve, reject) => {
      socket.once('connect', () => reject(new Error('connected')));
      socket.once('connect_error', resolve);
    });
  }

  async function conversationCommand(
    chatId: string,
    command: ConversationCommand,
    workspaceId = WS,
  ): Promise<number[]> {
    const result = await handleCommand(
      deps(),
      conversationDecider,
      streams.conversation(workspaceId, chatId),
      command,
      {
        workspaceId,
        actorId: 'test',
      },
    );
    return result.globalPositions;
  }

  async function inbound(
    chatId: string,
    text: string,
    workspaceId = WS,
    media: { type: string; mediaUrl: string } | undefined = undefined,
  ) {
    const messageId = randomUUID();
    const now = new Date().toISOString();
    const positions = await conversationCommand(
      chatId,
      {
        type: 'ReceiveInboundMessage',
        data: {
          messageId,
          chatId,
          sessionId: 'sessao-teste',
          providerMessageId: `prov-${messageId}`,
          customerId: chatId.split('@')[0]!,
          customerName: 'Cliente Teste',
          content: text,
          type: 'text',
          ...media,
          senderName: 'Cliente Teste',
          senderPhone: chatId.split('@')[0]!,
          timestamp: now,
          receivedAt: now,
        },
      },
      workspaceId,
    );
    return { messageId, positions, position: positions[positions.length - 1]! };
  }

  async function assign(chatId: string, assigneeId: string): Promise<number> {
    const positions = await conversationCommand(chatId, {
      type: 'AssignConversation',
      data: { assigneeId, byUserId: ownerId },
    });
    await gw.atende.projector.waitForPosition(positions[0]!);
    return positions[0]!;
  }

  async function memberCommand(userId: string, command: MemberCommand): Promise<void> {
    const result = await handleCommand(deps(), memberDecider, streams.member(WS, userId), command, {
      workspaceId: WS,
      actorId: 'test',
    });
    await gw.atende.projector.waitForPosition(Math.max(...result.globalPositions));
  }

  const addAgent = (userId: string): Promise<string> => gw.signInAsNewMember(userId, 'Agente');

  /** The harness's session file, opened a second time (the embedded app does not expose its store). */
  function sessionStore(): SqliteSessionStore {
    const dir = (gw as unknown as { dir: string }).dir;
    sessions ??= new SqliteSessionStore(path.join(dir, 'sessions.db'));
    return sessions;
  }

  let chatSeq = 0;
  const newChat = () => `55119${String(10_000_000 + (chatSeq += 1)).slice(-8)}@c.us`;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    const embedded = gw.atende as EmbeddedAtende & { realtime?: Realtime };
    if (embedded.realtime) {
      realtime = embedded.realtime;
    } else {
      // Not wired into startEmbedded yet: attach one to the harness's HTTP server.
      realtime = createRealtime({
        httpServer: gw.atende.server,
        deps: { store: gw.atende.store, readModels: gw.atende.readModels, sessions: sessionStore() },
        projector: gw.atende.projector,
        logger: pino({ level: 'silent' }),
      });
      ownRealtime = true;
    }
    await realtime.ready;
    ownerCookie = await gw.loginDemo();
    ownerId = gw.atende.demo.ownerId;
  });

  afterEach(() => {
    for (const c of clients.splice(0)) c.close();
  });

  afterAll(async () => {
    if (ownRealtime) await realtime.close();
    await gw.stop();
    await sessions?.close();
  });

  it('refuses a handshake without a valid session cookie', async () => {
    expect((await refusal(undefined)).message).toBe('UNAUTHENTICATED');
    expect((await refusal(`atende_session=${'x'.repeat(43)}`)).message).toBe('UNAUTHENTICATED');
    const refused = await refusal('atende_session=curto');
    expect(refused.message).toBe('UNAUTHENTICATED');
    expect(refused.data).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
  });

  it('closes a socket the moment its session ends: logout, a switch of company, expiry', async () => {
    const quickly = (c: Client) =>
      Promise.race([
        new Promise<string>((resolve) => c.socket.once('disconnect', resolve)),
        new Promise<string>((resolve) => setTimeout(() => resolve('still connected after 2 s'), 2000)),
      ]);
    // Logout: the same socket can neither receive nor resume.
    const cookie = await addAgent('agente-sai');
    const c = await joined(cookie, 'agente-sai');
    const dropped = quickly(c);
    expect((await gw.request('POST', '/api/auth/logout', { cookie })).status).toBe(200);
    expect(await dropped).toBe('io server disconnect');
    expect((await refusal(cookie)).message).toBe('UNAUTHENTICATED');

    // Switching company ends the old session: its sockets close, another session's stay.
    await gw.addMember({
      workspaceId: 'outra-empresa-troca',
      userId: 'agente-sai',
      email: 'agente-sai@loja.com',
      password: 'senha-boa-1',
      role: 'Agente',
    });
    const first = await gw.login('agente-sai@loja.com', 'senha-boa-1');
    const other = await gw.login('agente-sai@loja.com', 'senha-boa-1');
    const a = await joined(first, 'agente-sai');
    const b = await joined(other, 'agente-sai');
    const aDropped = quickly(a);
    const me = await gw.request<{ user: { workspaceId: string } }>('GET', '/api/auth/me', { cookie: first });
    const target = me.body.user.workspaceId === WS ? 'outra-empresa-troca' : WS;
    expect(
      (await gw.request('POST', '/api/auth/workspace', { cookie: first, body: { workspaceId: target } }))
        .status,
    ).toBe(200);
    expect(await aDropped).toBe('io server disconnect');
    expect(b.socket.connected).toBe(true);

    // Expiry: a session that nobody extends closes its socket when it expires, not a minute later.
    const now = Date.now();
    const token = await gw.atende.sessions.create({
      userId: ownerId,
      workspaceId: WS,
      createdAt: now,
      expiresAt: now + 700,
    });
    const expiring = await joined(`atende_session=${token}`, ownerId);
    expect(await quickly(expiring)).toBe('io server disconnect');
  });

  it('refuses an inactive member, and drops the socket of a member deactivated while connected', async () => {
    const cookie = await addAgent('agente-desativado');
    const c = await joined(cookie, 'agente-desativado');
    const dropped = new Promise<string>((resolve) => c.socket.once('disconnect', resolve));
    await memberCommand('agente-desativado', {
      type: 'ChangeMemberStatus',
      data: { status: 'inactive', seats: roomyAllowance() },
    });
    expect(await dropped).toBe('io server disconnect');
    expect((await refusal(cookie)).message).toBe('UNAUTHENTICATED');
  });

  it('refuses join:user with another user id (nothing joined) and bad payloads, without crashing', async () => {
    const c = await client(ownerCookie);
    expect(await c.socket.emitWithAck('join:user', 'outro-usuario')).toMatchObject({
      success: false,
      code: 'FORBIDDEN',
    });
    const serverSocket = realtime.io.of('/').sockets.get(c.socket.id!)!;
    // Only its own control rooms (nothing is pushed to them), no audience.
    expect([...serverSocket.rooms].filter((room) => !room.startsWith('ctl:'))).toEqual([serverSocket.id]);

    for (const bad of [42, null, { userId: ownerId, extra: true }, '', { userId: 7 }]) {
      expect(await c.socket.emitWithAck('join:user', bad)).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
      });
    }
    for (const bad of [{ lastPosition: -1 }, { lastPosition: 'x' }, 5, { lastPosition: 1.5 }]) {
      expect(await c.socket.emitWithAck('resume', bad)).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
      });
    }
    expect(await c.socket.emitWithAck('join:user', { userId: ownerId })).toMatchObject({ success: true });
    expect(serverSocket.rooms.size).toBeGreaterThan(1);

    // Nothing joined for a foreign id: that socket gets no conversation at all.
    const foreign = await client(ownerCookie);
    await foreign.socket.emitWithAck('join:user', 'outro-usuario');
    const chatId = newChat();
    await inbound(chatId, 'Olá');
    await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.conversationId === chatId));
    expect(foreign.received).toEqual([]);
  });

  it("never pushes a customer's own media URL: a picture shows once kept here, from /api/media", async () => {
    const c = await joined(ownerCookie, ownerId);
    const chatId = newChat();
    const { messageId } = await inbound(chatId, '', WS, {
      type: 'image',
      mediaUrl: 'http://fotos.example/expira-amanha.jpg',
    });
    await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === messageId));
    expect(c.of('whatsapp:newMessage').find((m) => m.id === messageId)).toMatchObject({
      type: 'image',
      mediaUrl: null,
      mediaStatus: 'pending',
    });
    await conversationCommand(chatId, {
      type: 'RecordMediaStored',
      data: { messageId, mediaUrl: '/api/media/sessao-teste/abc.jpg' },
    });
    await c.waitFor(() => c.of('message:updated').some((m) => m.id === messageId));
    expect(c.of('message:updated').find((m) => m.id === messageId)).toMatchObject({
      mediaUrl: '/api/media/sessao-teste/abc.jpg',
      mediaStatus: 'stored',
    });
  });

  it("pushes a new inbound message to the owner's socket with the spec's fields", async () => {
    const c = await joined(ownerCookie, ownerId);
    const chatId = newChat();
    const { messageId, position } = await inbound(chatId, 'Quero saber o preço');
    await c.waitFor(() => c.of('whatsapp:newMessage').some((p) => p.position === position));
    const [message] = c.of('whatsapp:newMessage').filter((m) => m.id === messageId);
    const { conversation, ...fields } = message as unknown as { conversation: unknown };
    expect(fields).toEqual({
      id: messageId,
      content: 'Quero saber o preço',
      sender: 'customer',
      senderName: 'Cliente Teste',
      senderPhone: chatId.split('@')[0],
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      type: 'text',
      conversationId: chatId,
      mediaUrl: null,
      mediaStatus: 'none',
      fileName: null,
      status: 'delivered',
      fromMe: false,
      createdAt: expect.any(String),
      position,
    });
    // The conversation after the message comes in the same frame, no separate update: the REST view,
    // exactly the contract's fields (aliases filled in, nothing of the read model's own).
    expect(c.of('conversation:updated').some((p) => p.position === position)).toBe(false);
    expect(newMessagePayloadSchema.strict().parse(message)).toBeTruthy();
    expect(conversationSchema.strict().parse(conversation)).toMatchObject({
      id: chatId,
      conversationId: chatId,
      contactName: 'Cliente Teste',
      platform: 'whatsapp',
      lastMessage: 'Quero saber o preço',
      unreadCount: 1,
    });

    // An agent's reply, then its delivery: a new message, then status changes.
    const replyId = randomUUID();
    const [requested] = await conversationCommand(chatId, {
      type: 'RequestOutboundMessage',
      data: {
        messageId: replyId,
        agentId: ownerId,
        content: 'R$ 10',
        receivedAt: new Date().toISOString(),
        allowance: roomyAllowance(),
      },
    });
    const [sent] = await conversationCommand(chatId, {
      type: 'MarkOutboundSent',
      data: { messageId: replyId, providerMessageId: `prov-${replyId}` },
    });
    const [delivered] = await conversationCommand(chatId, {
      type: 'UpdateDelivery',
      data: { messageId: replyId, status: 'delivered' },
    });
    await c.waitFor(() => c.of('message:status').some((p) => p.position === delivered));
    expect(c.of('whatsapp:newMessage').find((m) => m.id === replyId)).toMatchObject({
      sender: 'agent',
      fromMe: true,
      content: 'R$ 10',
      position: requested,
    });
    expect(c.of('message:status').filter((p) => p.messageId === replyId)).toEqual([
      { conversationId: chatId, messageId: replyId, status: expect.any(String), error: null, position: sent },
      { conversationId: chatId, messageId: replyId, status: 'delivered', error: null, position: delivered },
    ]);
  });

  it('gives an agent unassigned conversations and their own, not those of another agent', async () => {
    const cookieA = await addAgent('agente-a');
    const cookieB = await addAgent('agente-b');
    const chatOfB = newChat();
    await inbound(chatOfB, 'primeira');
    await assign(chatOfB, 'agente-b');

    const a = await joined(cookieA, 'agente-a');
    const b = await joined(cookieB, 'agente-b');
    const owner = await joined(ownerCookie, ownerId);

    const toB = await inbound(chatOfB, 'para o agente B');
    const unassignedChat = newChat();
    const toAll = await inbound(unassignedChat, 'sem responsável');
    await a.waitFor(() => a.of('whatsapp:newMessage').some((m) => m.id === toAll.messageId));
    await b.waitFor(() => b.of('whatsapp:newMessage').some((m) => m.id === toAll.messageId));
    await owner.waitFor(() => owner.of('whatsapp:newMessage').some((m) => m.id === toAll.messageId));

    // Pushed in log order: had A been sent B's message it would have arrived first.
    expect(a.of('whatsapp:newMessage').map((m) => m.conversationId)).not.toContain(chatOfB);
    expect(a.of('conversation:updated').map((p) => (p.conversation as { id: string }).id)).not.toContain(
      chatOfB,
    );
    expect(b.of('whatsapp:newMessage').map((m) => m.id)).toContain(toB.messageId);
    expect(owner.of('whatsapp:newMessage').map((m) => m.id)).toContain(toB.messageId);

    // Assigning the unassigned one to B tells A only that it left A's list (its id, nothing of its
    // content), then A hears nothing more of it.
    const assigned = await assign(unassignedChat, 'agente-b');
    await a.waitFor(() => a.of('conversation:removed').some((p) => p.position === assigned));
    expect(a.of('conversation:removed')).toEqual([{ conversationId: unassignedChat, position: assigned }]);
    expect(a.of('conversation:updated').some((p) => p.position === assigned)).toBe(false);
    await b.waitFor(() => b.of('conversation:updated').some((p) => p.position === assigned));
    const later = await inbound(unassignedChat, 'agora do B');
    const marker = await inbound(newChat(), 'marcador');
    await a.waitFor(() => a.of('whatsapp:newMessage').some((m) => m.id === marker.messageId));
    expect(a.of('whatsapp:newMessage').map((m) => m.id)).not.toContain(later.messageId);
    await b.waitFor(() => b.of('whatsapp:newMessage').some((m) => m.id === later.messageId));
  });

  it('a resume replays only what the agent may read now: nothing of a conversation assigned to another', async () => {
    const cookie1 = await addAgent('agente-replay-1');
    await addAgent('agente-replay-2');
    const before = await gw.lastPosition();
    const chat = newChat();
    const first = await inbound(chat, 'antes da atribuição');
    await assign(chat, 'agente-replay-2');
    const after = await inbound(chat, 'depois da atribuição');
    const marker = newChat();
    const visible = await inbound(marker, 'sem responsável, visível');
    const replayed = async (resume: (c: Client) => Promise<void>) => {
      const c = await joined(cookie1, 'agente-replay-1', { lastPosition: before });
      await resume(c);
      await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === visible.messageId));
      const mentions = c.received.filter((r) => JSON.stringify(r.payload).includes(chat.split('@')[0]!));
      expect(mentions).toEqual([]);
      expect(c.of('whatsapp:newMessage').map((m) => m.id)).not.toContain(first.messageId);
      expect(c.of('whatsapp:newMessage').map((m) => m.id)).not.toContain(after.messageId);
      c.socket.disconnect();
    };
    await replayed(async () => undefined); // auth.lastPosition at the handshake
    await replayed(async (c) => void (await c.socket.emitWithAck('resume', { lastPosition: 0 })));
  });

  it("pushes whatsapp:connected / disconnected to the session's owner and admins, not to agents", async () => {
    const agent = await joined(await addAgent('agente-canal'), 'agente-canal');
    const owner = await joined(ownerCookie, ownerId);
    const sessionId = `sessao-${randomUUID()}`;
    const run = async (command: ChannelSessionCommand) =>
      (
        await handleCommand(deps(), channelSessionDecider, streams.channel(sessionId), command, {
          workspaceId: WS,
          actorId: 'test',
        })
      ).globalPositions[0]!;
    await run({
      type: 'RequestChannelSession',
      data: { sessionId, workspaceId: WS, driver: 'sandbox', userId: ownerId, phoneNumber: '5511988887777' },
    });
    const connected = await run({ type: 'MarkConnected', data: { phoneNumber: '5511988887777' } });
    const disconnected = await run({ type: 'MarkDisconnected', data: { reason: 'logout' } });
    await owner.waitFor(() => owner.of('whatsapp:disconnected').length > 0);
    expect(owner.of('whatsapp:connected')).toEqual([
      { sessionId, phoneNumber: '5511988887777', position: connected },
    ]);
    expect(owner.of('whatsapp:disconnected')).toEqual([
      { sessionId, phoneNumber: '5511988887777', position: disconnected },
    ]);
    const marker = await inbound(newChat(), 'marcador');
    await agent.waitFor(() => agent.of('whatsapp:newMessage').some((m) => m.id === marker.messageId));
    expect(agent.of('whatsapp:connected')).toEqual([]);
    expect(agent.of('whatsapp:disconnected')).toEqual([]);
  });

  it('replays exactly the missed events on resume, then continues live, never twice', async () => {
    const chatA = newChat();
    const chatB = newChat();
    const first = await joined(ownerCookie, ownerId);
    const seen = await inbound(chatA, 'antes de cair');
    await first.waitFor(() => first.of('whatsapp:newMessage').some((p) => p.position === seen.position));
    const lastSeen = Math.max(...first.received.map((r) => r.payload.position));
    first.close();

    // Missed while offline.
    await inbound(chatA, 'perdida 1');
    await inbound(chatB, 'perdida 2');
    await assign(chatB, ownerId);

    // Reconnect with the last position while more keeps arriving.
    const connecting = client(ownerCookie, { lastPosition: lastSeen });
    const more = [chatA, chatB, newChat()].map(async (chatId) => {
      for (let i = 0; i < 8; i += 1) await inbound(chatId, `durante ${i}`);
    });
    const second = await connecting;
    await Promise.all(more);
    const final = await inbound(chatA, 'depois');
    await second.waitFor(() => second.of('whatsapp:newMessage').some((p) => p.position === final.position));

    const expected = { updates: [] as number[], messages: [] as number[] };
    for await (const event of gw.atende.store.readAll(lastSeen + 1)) {
      if (!event.streamId.startsWith(`conversation-${WS}-`)) continue;
      if (event.type === 'InboundMessageReceived' || event.type === 'OutboundMessageRequested')
        expected.messages.push(event.globalPosition);
      else if (!('messageId' in (event.data as object))) expected.updates.push(event.globalPosition);
    }
    expect(second.of('conversation:updated').map((p) => p.position)).toEqual(expected.updates);
    expect(second.of('whatsapp:newMessage').map((p) => p.position)).toEqual(expected.messages);
    expect(second.received.every((r) => r.payload.position > lastSeen)).toBe(true);

    // Resuming again from an older position on the same connection sends nothing twice.
    const ack = await second.socket.emitWithAck('resume', { lastPosition: lastSeen });
    expect(ack).toMatchObject({ success: true, replayed: 0 });
    const count = second.received.length;
    const after = await inbound(chatB, 'ao vivo');
    await second.waitFor(() => second.of('whatsapp:newMessage').some((p) => p.position === after.position));
    expect(second.received.length).toBe(count + 1);

    // The `resume` message does the same as the handshake's lastPosition.
    const third = await client(ownerCookie);
    const resumed = await third.socket.emitWithAck('resume', { lastPosition: lastSeen });
    expect(resumed).toMatchObject({
      success: true,
      replayed: expected.updates.length + expected.messages.length + 1,
    });
    expect(third.of('conversation:updated').map((p) => p.position)).toEqual(expected.updates);
    expect(third.of('whatsapp:newMessage').map((p) => p.position)).toEqual([
      ...expected.messages,
      after.position,
    ]);
  });

  it('sends nothing of minha-empresa to a member of another workspace', async () => {
    await gw.addMember({
      workspaceId: 'outra',
      userId: 'dono-outra',
      email: 'dono@outra.com',
      password: 'senha-boa-1',
      role: 'Owner',
    });
    const cookie = await gw.login('dono@outra.com', 'senha-boa-1');
    const other = await joined(cookie, 'dono-outra');
    const withResume = await client(cookie, { lastPosition: 0 });
    await inbound(newChat(), 'da minha empresa');
    const otherChat = newChat();
    const own = await inbound(otherChat, 'da outra', 'outra');
    await other.waitFor(() => other.of('whatsapp:newMessage').some((m) => m.id === own.messageId));
    await withResume.waitFor(() => withResume.of('whatsapp:newMessage').some((m) => m.id === own.messageId));
    for (const c of [other, withResume]) {
      expect(c.of('whatsapp:newMessage').map((m) => m.id)).toEqual([own.messageId]);
      expect(
        c.of('conversation:updated').every((p) => (p.conversation as { id: string }).id === otherChat),
      ).toBe(true);
      expect(c.of('whatsapp:connected')).toEqual([]);
    }
  });
  it('follows a role change: an agent promoted to Supervisor gets every conversation', async () => {
    const cookie = await addAgent('agente-promovido');
    const c = await joined(cookie, 'agente-promovido');
    const chatId = newChat();
    await inbound(chatId, 'primeira');
    await assign(chatId, ownerId);
    const hidden = await inbound(chatId, 'do dono');
    await memberCommand('agente-promovido', { type: 'ChangeMemberRole', data: { role: 'Supervisor' } });
    const visible = await inbound(chatId, 'agora visível');
    await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === visible.messageId));
    expect(c.of('whatsapp:newMessage').map((m) => m.id)).not.toContain(hidden.messageId);
  });

  it('tells a client too far behind to reload (resync) instead of replaying everything', async () => {
    const httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const small = createRealtime({
      httpServer,
      deps: { store: gw.atende.store, readModels: gw.atende.readModels, sessions: sessionStore() },
      projector: gw.atende.projector,
      logger: pino({ level: 'silent' }),
      maxReplayEvents: 5,
    });
    try {
      await small.ready;
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
      const c = await client(ownerCookie, undefined, url);
      const ack = (await c.socket.emitWithAck('resume', { lastPosition: 0 })) as { position: number };
      expect(c.of('resync')).toEqual([{ position: ack.position, code: 'TOO_FAR_BEHIND' }]);
      const live = await inbound(newChat(), 'depois do resync');
      await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === live.messageId));
      const afterResync = c.received.slice(c.received.findIndex((r) => r.name === 'resync') + 1);
      expect(afterResync.map((r) => r.name)).toEqual([
        'conversation:updated', // ConversationStarted
        'whatsapp:newMessage', // with the row after it
      ]);
      expect(afterResync.every((r) => r.payload.position > ack.position)).toBe(true);
    } finally {
      await small.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    }
  });
  it('a resume on a gateway whose read models lag waits until they include the missed events', async () => {
    const chat = newChat();
    const before = await inbound(chat, 'vista antes');
    const missed = [await inbound(chat, 'perdida 1'), await inbound(chat, 'perdida 2')];
    // A gateway started while the projector was behind: its read models "reach" positions only
    // when the test lets them.
    let reached = before.position;
    const lagging = {
      waitForPosition: async (position: number, timeoutMs = 10_000) => {
        const deadline = Date.now() + timeoutMs;
        while (reached < position && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
        return reached >= position && (await gw.atende.projector.waitForPosition(position, timeoutMs));
      },
    };
    const httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const behind = createRealtime({
      httpServer,
      deps: { store: gw.atende.store, readModels: gw.atende.readModels, sessions: sessionStore() },
      projector: lagging,
      logger: pino({ level: 'silent' }),
    });
    try {
      await behind.ready;
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
      const c = await client(ownerCookie, undefined, url);
      const resumed = c.socket.emitWithAck('resume', { lastPosition: before.position });
      await new Promise((r) => setTimeout(r, 300));
      expect(c.of('whatsapp:newMessage')).toEqual([]); // nothing sent from read models that lack it
      reached = Number.MAX_SAFE_INTEGER;
      expect(await resumed).toMatchObject({ success: true });
      expect(c.of('whatsapp:newMessage').map((m) => m.id)).toEqual(missed.map((m) => m.messageId));
    } finally {
      await behind.close();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    }
  });

  it('hosted after the projections (embedded), pushes each batch once they applied it, waiting on no position', async () => {
    // The process's host: a "projections" processor that reaches each page when the embedded
    // projector has applied it, then the fan-out after it. The projector handle given to realtime
    // is asked only by resumes: the live fan-out must not wait on it.
    const host = new ProcessorHost({ store: gw.atende.store, logger: pino({ level: 'silent' }) });
    const projected: number[] = [];
    host.add({
      id: 'projections',
      startFrom: () => gw.atende.store.lastGlobalPosition(),
      handleBatch: async (_events, { through }) => {
        await gw.atende.projector.waitForPosition(through);
        projected.push(through);
      },
    });
    host.start();
    const asked: number[] = [];
    const httpServer = createServer();
    await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
    const hosted = createRealtime({
      httpServer,
      deps: { store: gw.atende.store, readModels: gw.atende.readModels, sessions: sessionStore() },
      projector: {
        waitForPosition: async (position) => {
          asked.push(position);
          return true;
        },
      },
      logger: pino({ level: 'silent' }),
      host,
      afterProcessors: ['projections'],
    });
    try {
      await hosted.ready;
      const url = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;
      const c = await client(ownerCookie, undefined, url);
      expect(await c.socket.emitWithAck('join:user', ownerId)).toMatchObject({ success: true });
      const message = await inbound(newChat(), 'depois das projeções');
      await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === message.messageId));
      const pushed = c.of('whatsapp:newMessage').find((m) => m.id === message.messageId)!;
      // Built from read models that already held the message, after its batch was projected.
      expect(pushed).toMatchObject({ content: 'depois das projeções' });
      expect(projected.some((through) => through >= pushed.position)).toBe(true);
      expect(asked).toEqual([]);
    } finally {
      await hosted.close();
      await host.stop();
      await new Promise<void>((resolve) => httpServer.close(() => resolve()));
    }
  });

  it('also works over HTTP long-polling (the spec client falls back to it)', async () => {
    const socket = open(ownerCookie, undefined, gw.url, ['polling']);
    const c = new Client(socket);
    clients.push(c);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    expect(await socket.emitWithAck('join:user', ownerId)).toMatchObject({ success: true });
    const message = await inbound(newChat(), 'via polling');
    await c.waitFor(() => c.of('whatsapp:newMessage').some((m) => m.id === message.messageId));
    const refused = open(undefined, undefined, gw.url, ['polling']);
    const error = await new Promise<Error>((resolve) => refused.once('connect_error', resolve));
    expect(error.message).toBe('UNAUTHENTICATED');
    // A polling transport finishes its last requests after closing: wait for them.
    for (const s of [socket, refused]) {
      const transport = s.io.engine.transport as unknown as { readyState: string };
      s.disconnect();
      while (transport.readyState !== 'closed') await new Promise((r) => setTimeout(r, 10));
    }
  });
});
