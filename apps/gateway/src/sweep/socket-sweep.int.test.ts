import { randomBytes } from 'node:crypto';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { roomsOf } from '../realtime/audience.js';
import { receiveMessage, assignDirectly } from '../routes/conversations/testing.js';
import { GatewayHarness } from '../testing/harness.js';
import { errorShapeProblem } from './sweep-runner.js';
import { BAD_HANDSHAKE_AUTH, forgedCookies, socketCases, type SocketCase } from './socket-cases.js';

/**
 * The socket side of the bad-input sweep (issue 10): handshakes without a real session are refused
 * with `{ success:false, error, code }`; `join:user`, `resume` and unknown events with bad payloads
 * are answered with an ack error (or ignored without an ack), never crash the server, never join
 * another user's or workspace's room, and write no event.
 */

const FOREIGN_WORKSPACE = 'outra-empresa-socket';
const ACK_TIMEOUT_MS = 3000;

interface Member {
  name: string;
  userId: string;
  workspaceId: string;
  role: 'Owner' | 'Agente';
  cookie: string;
}

/** A connected client socket that records what the server pushes to it. */
interface Recorder {
  socket: ClientSocket;
  received: { name: string; payload: unknown }[];
}

describe('socket sweep', () => {
  let gw: GatewayHarness;
  let owner: Member;
  let agent: Member;
  let otherAgent: Member;
  let foreign: Member;
  const open: ClientSocket[] = [];
  const problems: string[] = [];
  let sent = 0;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
    const ws = gw.atende.demo.workspaceId;
    owner = {
      name: 'owner',
      userId: gw.atende.demo.ownerId,
      workspaceId: ws,
      role: 'Owner',
      cookie: await gw.loginDemo(),
    };
    agent = { name: 'agent', userId: 'sock-agente', workspaceId: ws, role: 'Agente', cookie: '' };
    agent.cookie = await gw.signInAsNewMember(agent.userId, 'Agente');
    otherAgent = {
      name: 'other-agent',
      userId: 'sock-agente-b',
      workspaceId: ws,
      role: 'Agente',
      cookie: '',
    };
    otherAgent.cookie = await gw.signInAsNewMember(otherAgent.userId, 'Agente');
    foreign = {
      name: 'foreign-owner',
      userId: 'sock-dono-outra',
      workspaceId: FOREIGN_WORKSPACE,
      role: 'Owner',
      cookie: '',
    };
    foreign.cookie = await gw.signInAsNewMember(foreign.userId, 'Owner', { workspaceId: FOREIGN_WORKSPACE });
  });
  afterEach(() => {
    for (const s of open.splice(0)) s.disconnect();
  });
  afterAll(async () => gw?.stop());

  function socketOf(
    cookie: string | undefined,
    options: { auth?: Record<string, unknown>; headers?: Record<string, string>; polling?: boolean } = {},
  ): ClientSocket {
    const socket = connect(gw.url, {
      transports: options.polling ? ['polling'] : ['websocket'],
      extraHeaders: { ...(cookie ? { cookie } : {}), ...options.headers },
      ...(options.auth ? { auth: options.auth } : {}),
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    open.push(socket);
    return socket;
  }

  type Attempt = { connected: true } | { error: Error & { data?: unknown } } | { dropped: string };

  /** Connects; resolves with the refusal (connect_error), or when the server drops the connection. */
  function attempt(socket: ClientSocket): Promise<Attempt> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve({ dropped: 'no answer in 5 s' }), 5000);
      const done = (result: Attempt) => {
        clearTimeout(timer);
        resolve(result);
      };
      socket.once('connect', () => done({ connected: true }));
      socket.once('connect_error', (error: Error & { data?: unknown }) => done({ error }));
      // A refusal closes the connection too: only a close without a connect_error is a drop.
      socket.io.once('close', (reason: string) => setTimeout(() => done({ dropped: reason }), 200));
    });
  }

  async function member(m: Member): Promise<Recorder> {
    const socket = socketOf(m.cookie);
    const result = await attempt(socket);
    if (!('connected' in result)) throw new Error(`${m.name} could not connect: ${JSON.stringify(result)}`);
    const received: Recorder['received'] = [];
    socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
    return { socket, received };
  }

  /** Rooms the server put this socket in (besides its own id). */
  function roomsOfSocket(socket: ClientSocket): string[] {
    const server = gw.atende.realtime.io.of('/').sockets.get(socket.id!);
    // Control rooms (the socket's own session and member: nothing is pushed there) are not audience.
    return server ? [...server.rooms].filter((r) => r !== socket.id && !r.startsWith('ctl:')) : [];
  }

  function checkRooms(m: Member, socket: ClientSocket, label: string): void {
    const allowed = new Set(roomsOf(m));
    const foreignRooms = roomsOfSocket(socket).filter((r) => !allowed.has(r));
    if (foreignRooms.length > 0) problems.push(`${m.name} ${label}: joined ${foreignRooms.join(', ')}`);
  }

  function checkRefusal(label: string, error: Error & { data?: unknown }): void {
    const shape = errorShapeProblem('application/json', JSON.stringify(error.data ?? null));
    if (shape) problems.push(`${label}: refusal without the error shape (${error.message}): ${shape}`);
  }

  it('refuses handshakes without a live session, from another origin or with a bad auth payload', async () => {
    const before = await gw.lastPosition();
    const loggedOut = await gw.login(`${agent.userId}@loja.com`, 'senha-boa-1');
    await gw.request('POST', '/api/auth/logout', { cookie: loggedOut });
    const attempts: { label: string; socket: ClientSocket; code: string }[] = [];
    for (const { label, cookie } of forgedCookies(loggedOut)) {
      attempts.push({ label: `cookie ${label}`, socket: socketOf(cookie), code: 'UNAUTHENTICATED' });
      attempts.push({
        label: `cookie ${label} (polling)`,
        socket: socketOf(cookie, { polling: true }),
        code: 'UNAUTHENTICATED',
      });
    }
    for (const { label, auth } of BAD_HANDSHAKE_AUTH) {
      attempts.push({
        label: `auth ${label}`,
        socket: socketOf(agent.cookie, { auth }),
        code: 'VALIDATION_ERROR',
      });
    }
    attempts.push({
      label: 'another origin',
      socket: socketOf(owner.cookie, { headers: { origin: 'https://site-malicioso.example' } }),
      code: 'FORBIDDEN',
    });
    // All under way at once: listen to each before any answer can arrive.
    const results = attempts.map((a) => attempt(a.socket));
    for (const [i, a] of attempts.entries()) {
      const result = await results[i]!;
      sent += 1;
      if (!('error' in result)) {
        problems.push(`${a.label}: ${'connected' in result ? 'connected' : `dropped (${result.dropped})`}`);
        continue;
      }
      checkRefusal(a.label, result.error);
      if (result.error.message !== a.code)
        problems.push(`${a.label}: refused with ${result.error.message}, not ${a.code}`);
    }

    // An auth payload over Socket.IO's 16 KB limit: the connection is dropped, nothing else.
    const oversize = socketOf(agent.cookie, { auth: { lastPosition: 0, pad: 'a'.repeat(32 * 1024) } });
    const oversized = await attempt(oversize);
    if ('connected' in oversized) problems.push('auth over 16 KB: connected');

    // An auth payload naming someone else is no way in: the socket is still the cookie's user.
    const named = socketOf(agent.cookie, { auth: { userId: owner.userId, workspaceId: FOREIGN_WORKSPACE } });
    if ('connected' in (await attempt(named))) {
      const ack: unknown = await named.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', agent.userId);
      if ((ack as { success?: boolean }).success !== true)
        problems.push(`auth naming another user: ${JSON.stringify(ack)}`);
      checkRooms(agent, named, 'auth naming another user');
    }

    expect(await gw.lastPosition()).toBe(before);
    expect(problems).toEqual([]);
    console.log(`socket sweep: ${attempts.length + 2} handshakes refused or checked`);
  });

  it('answers bad join:user / resume payloads with an ack error, never joins another room, writes nothing', async () => {
    const tag = `zs${randomBytes(6).toString('hex')}`;
    // Data the swept sockets must never see: another workspace's conversation, another agent's.
    const foreignChat = '5521900001111@c.us';
    const hiddenChat = '5521900002222@c.us';
    await receiveMessage(gw, {
      workspaceId: FOREIGN_WORKSPACE,
      chatId: foreignChat,
      name: `Cliente ${tag}`,
      text: `Olá ${tag}`,
    });
    await receiveMessage(gw, { chatId: hiddenChat, name: `Cliente ${tag}`, text: `Olá ${tag}` });
    await assignDirectly(gw, gw.atende.demo.workspaceId, hiddenChat, otherAgent.userId);
    // Up to here the hidden conversation was unassigned (every agent saw it); from here it is not theirs.
    const assignedAt = await gw.lastPosition();

    const started = Date.now();
    const before = await gw.lastPosition();
    const swept: { m: Member; r: Recorder }[] = [];
    for (const m of [agent, owner, foreign]) {
      const r = await member(m);
      swept.push({ m, r });
      const ids = {
        self: m.userId,
        others: [owner.userId, agent.userId, otherAgent.userId, foreign.userId, 'nao-existe'].filter(
          (id) => id !== m.userId,
        ),
      };
      for (const c of socketCases(ids)) {
        // A socket the server dropped (over the size limit) is replaced before the next case.
        if (r.socket.disconnected) {
          const again = await member(m);
          r.socket = again.socket;
          again.socket.onAny((name: string, payload: unknown) => r.received.push({ name, payload }));
        }
        await sweepCase(m, r.socket, c);
      }
      checkRooms(m, r.socket, 'after the sweep');
    }
    const written = (await gw.lastPosition()) - before;
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`socket sweep: ${sent} emissions in ${seconds} s, ${problems.length} problems`);
    if (problems.length > 0) console.log(problems.join('\n'));

    // The swept sockets are live now (the last cases re-join their own rooms). New data elsewhere:
    // a control socket of each audience gets it, the swept ones do not.
    for (const { m, r } of swept) {
      const ack = (await r.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', m.userId)) as {
        success?: boolean;
      };
      if (ack.success !== true)
        problems.push(`${m.name}: own join:user refused after the sweep: ${JSON.stringify(ack)}`);
    }
    const foreignControl = await member(foreign);
    await foreignControl.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', foreign.userId);
    const otherControl = await member(otherAgent);
    await otherControl.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', otherAgent.userId);
    const sweptAgent = swept.find((s) => s.m === agent)!;
    const sweptOwner = swept.find((s) => s.m === owner)!;
    const sweptForeign = swept.find((s) => s.m === foreign)!;
    for (const s of swept) s.r.received.length = 0;

    await receiveMessage(gw, { workspaceId: FOREIGN_WORKSPACE, chatId: foreignChat, text: `De novo ${tag}` });
    await receiveMessage(gw, { chatId: hiddenChat, text: `De novo ${tag}` });
    const demoChat = '5521900003333@c.us';
    await receiveMessage(gw, { chatId: demoChat, text: 'Controle' });
    const arrived = async (r: Recorder, chatId: string) => {
      const deadline = Date.now() + 5000;
      while (Date.now() < deadline) {
        if (r.received.some((e) => JSON.stringify(e.payload).includes(chatId))) return true;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return false;
    };
    expect(await arrived(foreignControl, foreignChat)).toBe(true);
    expect(await arrived(otherControl, hiddenChat)).toBe(true);
    // The demo pushes went out after the others: once the swept demo sockets have them, nothing else is coming.
    expect(await arrived(sweptOwner.r, demoChat)).toBe(true);
    expect(await arrived(sweptAgent.r, demoChat)).toBe(true);
    expect(await arrived(sweptForeign.r, foreignChat)).toBe(true);
    const leaks = (r: Recorder, chats: string[]) =>
      r.received
        .filter((e) => chats.some((chat) => JSON.stringify(e.payload).includes(chat)))
        .map((e) => e.name);
    expect(leaks(sweptAgent.r, [foreignChat, hiddenChat])).toEqual([]);
    expect(leaks(sweptOwner.r, [foreignChat])).toEqual([]);
    expect(leaks(sweptForeign.r, [hiddenChat, demoChat])).toEqual([]);

    // A replay (a new socket resuming from before the pushes above) shows only its own audience's history.
    const replays = new Map<Member, Recorder>();
    for (const m of [agent, owner, foreign]) {
      const r = await member(m);
      const ack = (await r.socket.timeout(10_000).emitWithAck('resume', { lastPosition: assignedAt })) as {
        success?: boolean;
        replayed?: number;
      };
      if (ack.success !== true || !ack.replayed)
        problems.push(`${m.name}: resume from 0: ${JSON.stringify(ack)}`);
      replays.set(m, r);
    }
    expect(leaks(replays.get(agent)!, [foreignChat, hiddenChat])).toEqual([]);
    expect(leaks(replays.get(owner)!, [foreignChat])).toEqual([]);
    expect(leaks(replays.get(foreign)!, [hiddenChat, demoChat])).toEqual([]);

    // Still serving: HTTP and new sockets.
    expect((await gw.request('GET', '/healthz')).status).toBe(200);
    await member(agent);
    expect(written).toBe(0);
    expect(problems).toEqual([]);
  }, 120_000);

  /** Sends one case; checks the ack (error shape, no INTERNAL_ERROR), the rooms, and that the socket still answers. */
  async function sweepCase(m: Member, socket: ClientSocket, c: SocketCase): Promise<void> {
    sent += 1;
    const label = `${m.name} ${c.label}`;
    const handled = c.event === 'join:user' || c.event === 'resume';
    if (c.withAck) {
      let ack: unknown;
      try {
        // An event the server does not handle gets no ack: wait briefly only.
        ack = await socket.timeout(handled ? ACK_TIMEOUT_MS : 150).emitWithAck(c.event, ...c.args);
      } catch {
        // Unhandled events are ignored (no ack); oversize messages close the connection.
        if (!c.oversize && handled) problems.push(`${label}: no ack`);
        checkRooms(m, socket, c.label);
        return;
      }
      const a = ack as { success?: unknown; code?: unknown; userId?: unknown };
      if (a.success === true) {
        // Accepted: only the socket's own user (padded or not) or a valid resume.
        if (c.event === 'join:user' && a.userId !== m.userId)
          problems.push(`${label}: joined as ${String(a.userId)}`);
        if (!handled) problems.push(`${label}: unhandled event acked`);
      } else {
        const shape = errorShapeProblem('application/json', JSON.stringify(ack));
        if (shape) problems.push(`${label}: ${shape}`);
        if (a.code === 'INTERNAL_ERROR') problems.push(`${label}: INTERNAL_ERROR`);
      }
    } else {
      socket.emit(c.event, ...c.args);
    }
    if (c.oversize && socket.connected) {
      // Over the limit the server closes the connection: wait for it (the next case needs a live socket).
      await new Promise((resolve) => {
        const timer = setTimeout(resolve, 2000);
        socket.once('disconnect', () => resolve(clearTimeout(timer)));
      });
    }
    checkRooms(m, socket, c.label);
    // The server still answers this socket (unless it dropped an oversize message's connection).
    if (!c.oversize && socket.connected) {
      try {
        await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('resume', 'ping');
      } catch {
        problems.push(`${label}: socket no longer answers`);
      }
    }
  }
});
