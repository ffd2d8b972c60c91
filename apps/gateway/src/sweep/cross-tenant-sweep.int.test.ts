import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import type { MemberRole, StoredEvent } from '@atende/events';
import { GatewayHarness } from '../testing/harness.js';
import { eventually } from '../testing/eventually.js';
import { encodeJson, sampleOf } from './bad-values.js';
import type { SweepCase } from './cases.js';
import { fillPath, operationsOf, type Operation } from './openapi-operations.js';
import { SweepRunner, type Caller } from './sweep-runner.js';

/**
 * The cross-tenant sweep (issue 24, "Isolation, proven"). Two companies on one deployment: B (the
 * demo workspace, filled with conversations, messages, a reply, a note and its notification, an
 * e-mail, a canned reply, a member, a WhatsApp session and a media file) and A (a company made as the
 * ops command makes it, with an Owner, an Admin, a Supervisor and an Agente).
 *
 * Every operation of the OpenAPI document is called by every role of A: with A's own ids (nothing of
 * B may come back), and with B's ids in the path, the query and the body (refused with 403 or 404,
 * answered exactly as a made-up id of the same shape is, so B's ids are not even confirmed). No call
 * may answer 5xx, an error without `{ success:false, error, code }`, any of B's texts or ids, or
 * write anything into B (SweepRunner's cross-workspace check, and the log read back afterwards).
 *
 * Sockets: each role of A keeps a socket open (replaying from position 0 on connect, `join:user`,
 * `resume`) while B and A are busy, and a fresh one resumes from 0 at the end: none may receive
 * anything that mentions B, and the Owner's must receive A's own messages.
 */

const PASSWORD = 'senha-boa-1';
const ACK_TIMEOUT_MS = 20_000;
const ROLES: MemberRole[] = ['Owner', 'Admin', 'Supervisor', 'Agente'];

/** Path parameters that name a workspace's own data (or members). */
const OWNED_PARAMS = new Set([
  'conversationId',
  'contactId',
  'messageId',
  'noteId',
  'emailId',
  'notificationId',
  'customerId',
  'sessionId',
  'cannedReplyId',
  'userId',
  'file',
]);

/** One workspace's ids, as a sweep case fills them in. */
interface WorkspaceIds {
  workspaceId: string;
  /** A conversation (B: the one assigned to B's Agente). */
  conversationId: string;
  /** Another one (B: assigned to B's Owner). */
  otherConversationId: string;
  /** A customer of the LGPD calls: the conversation's id. */
  contactId: string;
  messageId: string;
  noteId: string;
  emailId: string;
  notificationId: string;
  customerId: string;
  sessionId: string;
  cannedReplyId: string;
  /** A member who is not the caller: `/api/team/{userId}`, assignee fields. */
  memberId: string;
  ownerId: string;
  /** A media file of `sessionId`. */
  file: string;
}

/** Body fields that name a workspace's data or members, and which of B's ids goes there. */
const BODY_ID_FIELDS: Record<string, keyof WorkspaceIds> = {
  conversationId: 'conversationId',
  assigneeId: 'memberId',
  toAssigneeId: 'memberId',
  inReplyTo: 'emailId',
  workspaceId: 'workspaceId',
  messageId: 'messageId',
  noteId: 'noteId',
  emailId: 'emailId',
  cannedReplyId: 'cannedReplyId',
  customerId: 'customerId',
  sessionId: 'sessionId',
};

/**
 * Operations where naming B's id may also be answered 400 (besides 403/404), with the reason. Every
 * such answer must still be the very answer a made-up id gets (the twin check below).
 */
const BAD_REQUEST_FOR_A: Record<string, string> = {
  // The assignee must be an active member of the caller's workspace (ASSIGNEE_INVALID): B's member
  // is no more a member of A than a made-up id, and is refused with the same 400 (nothing confirmed).
  'POST /api/conversations/{conversationId}/assign': 'assignee not a member of A',
  'POST /api/conversations/{conversationId}/transfer': 'assignee not a member of A',
};

/**
 * Calls that answer everyone alike, without a session's workspace: sign-in, sign-up, and the sandbox
 * phone (it plays the customer's phone; A's calls name A's sandbox session). No id checks here; the
 * no-5xx, error-shape, no-write-into-B and no-leak checks still hold.
 */
const isPublic = (op: Operation) => op.permission === 'public';

/** These end the session they are sent with (or replace it): each case gets a fresh one. */
const ENDS_SESSION = new Set(['POST /api/auth/logout', 'POST /api/auth/workspace']);

interface Role {
  role: MemberRole;
  caller: Caller;
  userId: string;
  email: string;
}

/** One request of the sweep, before it becomes a SweepCase. */
interface Plan {
  label: string;
  /** Raw path values. */
  path: Record<string, string>;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
  /** It names B's data or members: refused with 403/404 (or a documented 400). */
  namesB: boolean;
  /** Sent again with made-up ids of the same shape instead of B's: both answers must be the same. */
  twin: boolean;
}

interface Received {
  name: string;
  payload: unknown;
}

interface Recorder {
  label: string;
  /** Whose socket it is (the rooms it may be in follow). */
  role?: Role;
  socket: ClientSocket;
  received: Received[];
}

describe('cross-tenant sweep', () => {
  let gw: GatewayHarness;
  const tag = `zb${randomBytes(6).toString('hex')}`;
  const aTag = `za${randomBytes(6).toString('hex')}`;
  const open: ClientSocket[] = [];
  let bCookie: string;
  let B: WorkspaceIds & { agentCookie: string; clientMessageId: string; providerMessageId: string };
  /** B's texts (customer names, messages, note, e-mail, canned reply, member name) and the demo's. */
  let bTexts: string[];
  /** B's ids that no answer or push to A may mention. */
  const bIds = new Set<string>();
  let aWorkspaceId: string;
  let aOwnerId: string;
  let roles: Role[];
  let aParts: {
    noteId: string;
    emailId: string;
    notificationId: string;
    cannedReplyId: string;
    extraMemberId: string;
    agentId: string;
    importable: unknown;
  };

  const call = async <T = Record<string, unknown>>(
    method: string,
    pathname: string,
    cookie: string,
    body?: unknown,
  ): Promise<T> => {
    const res = await gw.request<T>(method, pathname, { cookie, ...(body !== undefined ? { body } : {}) });
    if (res.status >= 300)
      throw new Error(`${method} ${pathname}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const inbound = (sessionId: string, from: string, name: string, text: string) =>
    gw.request<{ conversationId: string; messageId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId, from, name, text },
    });
  const inboundOk = async (sessionId: string, from: string, name: string, text: string) => {
    const res = await inbound(sessionId, from, name, text);
    if (res.status !== 200) throw new Error(`inbound: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const firstNotification = (cookie: string) =>
    eventually(async () => {
      const res = await gw.request<{ notifications: { id: string }[] }>('GET', '/api/notifications', {
        cookie,
      });
      return res.body.notifications?.[0]?.id;
    });

  beforeAll(async () => {
    // Sign-up open, so POST /api/signup is in the document and swept too.
    gw = await GatewayHarness.start({ env: { ATENDE_SIGNUP: 'open' } });

    // ---- workspace B: the demo, with data of every kind ---------------------------------------
    bCookie = await gw.loginDemo();
    const bAgentId = `b-agente-${tag}`;
    const bAgentCookie = await gw.signInAsNewMember(bAgentId, 'Agente', { name: `Agente ${tag}` });
    const seen = await inboundOk('demo-sandbox', '5511988881111', `Cliente ${tag}`, `Mensagem ${tag}`);
    const hidden = await inboundOk('demo-sandbox', '5511977772222', `Cliente dono ${tag}`, `Oi ${tag}`);
    await eventually(async () =>
      (
        await gw.request('GET', `/api/whatsapp/messages/${encodeURIComponent(hidden.conversationId)}`, {
          cookie: bCookie,
        })
      ).status === 200
        ? true
        : undefined,
    );
    const bOwnerId = gw.atende.demo.ownerId;
    const chat = (id: string) => `/api/conversations/${encodeURIComponent(id)}`;
    await call('POST', `${chat(seen.conversationId)}/assign`, bCookie, { assigneeId: bAgentId });
    await call('POST', `${chat(hidden.conversationId)}/assign`, bCookie, { assigneeId: bOwnerId });
    const clientMessageId = randomUUID();
    await call('POST', '/api/whatsapp/send', bCookie, {
      conversationId: seen.conversationId,
      content: `Resposta ${tag}`,
      clientMessageId,
    });
    const delivered = await eventually(async () => {
      const res = await gw.request<{ messages: { providerMessageId: string }[] }>(
        'GET',
        '/api/sandbox/whatsapp/outbox?sessionId=demo-sandbox',
      );
      return res.body.messages[0];
    });
    const note = await call<{ note: { id: string } }>('POST', '/api/notes', bCookie, {
      title: `Nota ${tag}`,
      content: `Conteúdo ${tag}`,
      reminder: new Date(Date.now() - 60_000).toISOString(),
    });
    const email = await call<{ email: { id: string } }>('POST', '/api/emails', bCookie, {
      to: 'cliente@example.com',
      subject: `Email ${tag}`,
      content: `Corpo ${tag}`,
    });
    const canned = await call<{ cannedReply: { id: string } }>('POST', '/api/canned-replies', bCookie, {
      text: `Resposta pronta ${tag}`,
      category: 'support',
      keywords: `palavra ${tag}`,
    });
    const file = `foto-${tag}.jpg`;
    mkdirSync(path.join(gw.dataDir, 'media', 'demo-sandbox'), { recursive: true });
    writeFileSync(path.join(gw.dataDir, 'media', 'demo-sandbox', file), `imagem ${tag}`);
    // B's own members do get the file: A's 404 below is about the workspace, not a missing file.
    expect((await gw.request('GET', `/api/media/demo-sandbox/${file}`, { cookie: bCookie })).status).toBe(
      200,
    );
    B = {
      workspaceId: gw.atende.demo.workspaceId,
      conversationId: seen.conversationId,
      otherConversationId: hidden.conversationId,
      contactId: seen.conversationId,
      messageId: seen.messageId,
      noteId: note.note.id,
      emailId: email.email.id,
      notificationId: await firstNotification(bCookie),
      // The customer's number (conversation ids are pseudonyms of it).
      customerId: '5511988881111',
      sessionId: 'demo-sandbox',
      cannedReplyId: canned.cannedReply.id,
      memberId: bAgentId,
      ownerId: bOwnerId,
      file,
      agentCookie: bAgentCookie,
      clientMessageId,
      providerMessageId: delivered.providerMessageId,
    };
    bTexts = [tag, 'demo@atende.local', 'Minha Empresa'];
    for (const id of [
      B.workspaceId,
      B.conversationId,
      B.otherConversationId,
      B.messageId,
      hidden.messageId,
      B.noteId,
      B.emailId,
      B.notificationId,
      B.customerId,
      hidden.conversationId.split('@')[0]!,
      B.sessionId,
      B.cannedReplyId,
      B.memberId,
      B.ownerId,
      B.providerMessageId,
    ]) {
      bIds.add(id);
    }
    // (B's reply's clientMessageId is not in the list: it is the client's idempotency key, and the
    // sweep sends the same key in A, where it rightly becomes the id of A's own message.)

    // ---- workspace A: a company of its own with one member of each role -------------------------
    const company = await gw.createCompany({
      name: `Loja Alfa ${aTag}`,
      ownerEmail: `dono-${aTag}@loja-a.com`,
    });
    aWorkspaceId = company.workspaceId;
    aOwnerId = company.ownerId;
    roles = [
      {
        role: 'Owner',
        userId: aOwnerId,
        email: `dono-${aTag}@loja-a.com`,
        caller: { name: 'a-owner', cookie: company.cookie, userId: aOwnerId },
      },
    ];
    for (const role of ROLES.slice(1)) {
      const userId = `a-${role.toLowerCase()}-${aTag}`;
      const email = `${role.toLowerCase()}-${aTag}@loja-a.com`;
      await gw.addMember({
        workspaceId: aWorkspaceId,
        userId,
        email,
        password: PASSWORD,
        role,
        name: userId,
      });
      roles.push({
        role,
        userId,
        email,
        caller: { name: `a-${role.toLowerCase()}`, cookie: await gw.login(email, PASSWORD), userId },
      });
    }
    const extraMemberId = `a-extra-${aTag}`;
    await gw.addMember({
      workspaceId: aWorkspaceId,
      userId: extraMemberId,
      email: `extra-${aTag}@loja-a.com`,
      password: PASSWORD,
      role: 'Agente',
    });
    const aCookie = company.cookie;
    const aNote = await call<{ note: { id: string } }>('POST', '/api/notes', aCookie, {
      title: `Nota ${aTag}`,
      content: `Conteúdo ${aTag}`,
      reminder: new Date(Date.now() - 60_000).toISOString(),
    });
    const aEmail = await call<{ email: { id: string } }>('POST', '/api/emails', aCookie, {
      to: 'cliente@example.com',
      subject: `Email ${aTag}`,
      content: `Corpo ${aTag}`,
    });
    const aCanned = await call<{ cannedReply: { id: string } }>('POST', '/api/canned-replies', aCookie, {
      text: `Resposta pronta ${aTag}`,
      category: 'support',
    });
    const settings = (await call<{ settings: unknown }>('GET', '/api/settings', aCookie)).settings;
    aParts = {
      noteId: aNote.note.id,
      emailId: aEmail.email.id,
      notificationId: await firstNotification(aCookie),
      cannedReplyId: aCanned.cannedReply.id,
      extraMemberId,
      agentId: roles.find((r) => r.role === 'Agente')!.userId,
      importable: settings,
    };
  }, 60_000);
  afterAll(async () => {
    for (const s of open.splice(0)) s.disconnect();
    await gw?.stop();
  });

  // ---- sockets ---------------------------------------------------------------------------------

  /** A socket with the cookie's session; every push it gets is recorded from the first one. */
  async function socketOf(
    label: string,
    cookie: string,
    options: { auth?: Record<string, unknown>; role?: Role } = {},
  ): Promise<Recorder> {
    const { auth, role } = options;
    const socket = connect(gw.url, {
      transports: ['websocket'],
      extraHeaders: { cookie },
      ...(auth ? { auth } : {}),
      reconnection: false,
      forceNew: true,
      timeout: 5000,
    });
    open.push(socket);
    const received: Received[] = [];
    socket.onAny((name: string, payload: unknown) => received.push({ name, payload }));
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', (error) => reject(new Error(`${label}: ${error.message}`)));
    });
    return { label, ...(role ? { role } : {}), socket, received };
  }

  async function until(r: Recorder, test: (e: Received) => boolean, timeoutMs = 10_000): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (r.received.some(test)) return true;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return false;
  }

  const mentions = (text: string) => (e: Received) => JSON.stringify(e.payload).includes(text);
  const newMessage = (text: string) => (e: Received) =>
    e.name === 'whatsapp:newMessage' && JSON.stringify(e.payload).includes(text);

  /** Problems of a socket of A: any push naming B's ids or texts. */
  function socketLeaks(r: Recorder): string[] {
    const forbidden = [...bTexts, ...bIds];
    const out: string[] = [];
    for (const e of r.received) {
      const json = JSON.stringify(e.payload) ?? '';
      const hits = forbidden.filter((t) => json.includes(t));
      if (hits.length > 0)
        out.push(`socket ${r.label}: ${e.name} mentions ${hits.join(', ')}: ${json.slice(0, 300)}`);
    }
    return out;
  }

  /** B at work: new customers, a reply, an assignment, a read, a note, another WhatsApp session. */
  async function bActivity(round: string): Promise<string> {
    const phone = `55119666${String(randomInt(10_000, 99_999))}`;
    const fresh = await inboundOk('demo-sandbox', phone, `Cliente ${round} ${tag}`, `Nova ${round} ${tag}`);
    bIds.add(fresh.conversationId).add(fresh.conversationId.split('@')[0]!).add(fresh.messageId);
    const again = await inboundOk('demo-sandbox', '5511988881111', `Cliente ${tag}`, `Mais ${round} ${tag}`);
    bIds.add(again.messageId);
    await eventually(async () =>
      (
        await gw.request('GET', `/api/whatsapp/messages/${encodeURIComponent(fresh.conversationId)}`, {
          cookie: bCookie,
        })
      ).status === 200
        ? true
        : undefined,
    );
    const reply = await call<{ messageId: string }>('POST', '/api/whatsapp/send', bCookie, {
      conversationId: fresh.conversationId,
      content: `Resposta ${round} ${tag}`,
    });
    bIds.add(reply.messageId);
    const chat = `/api/conversations/${encodeURIComponent(fresh.conversationId)}`;
    await call('POST', `${chat}/assign`, bCookie, { assigneeId: B.memberId });
    await call('POST', `/api/conversations/${encodeURIComponent(B.conversationId)}/read`, B.agentCookie, {});
    const note = await call<{ note: { id: string } }>('POST', '/api/notes', bCookie, {
      title: `Nota ${round} ${tag}`,
      content: `Conteúdo ${round} ${tag}`,
    });
    bIds.add(note.note.id);
    return fresh.conversationId;
  }

  // ---- the HTTP sweep's requests ------------------------------------------------------------

  /**
   * The made-up twin of one of B's ids: same shape (a UUID another UUID; otherwise digits stay digits
   * and hex letters hex letters), naming nothing.
   */
  const twins = new Map<string, string>();
  function twinOf(value: string): string {
    let twin = twins.get(value);
    if (!twin) {
      twin = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value)
        ? randomUUID()
        : value.replace(/[0-9a-f]/g, (ch) =>
            /\d/.test(ch) ? String(randomInt(0, 10)) : 'abcdef'[randomInt(0, 6)]!,
          );
      twins.set(value, twin);
    }
    return twin;
  }
  const twinAll = <T extends Record<string, unknown> | undefined>(values: T, of: Set<string>): T =>
    values === undefined
      ? values
      : (Object.fromEntries(
          Object.entries(values).map(([k, v]) => [k, typeof v === 'string' && of.has(v) ? twinOf(v) : v]),
        ) as T);

  function workspaceAIds(aSession: {
    sessionId: string;
    chatId: string;
    phone: string;
    messageId: string;
    file: string;
  }) {
    return {
      workspaceId: aWorkspaceId,
      conversationId: aSession.chatId,
      otherConversationId: aSession.chatId,
      contactId: aSession.chatId,
      messageId: aSession.messageId,
      noteId: aParts.noteId,
      emailId: aParts.emailId,
      notificationId: aParts.notificationId,
      customerId: aSession.phone,
      sessionId: aSession.sessionId,
      cannedReplyId: aParts.cannedReplyId,
      memberId: aParts.extraMemberId,
      ownerId: aOwnerId,
      file: aSession.file,
    } satisfies WorkspaceIds;
  }

  /** A path value from a workspace's ids (`userId`: a team member, or the caller's own sessions). */
  function pathValue(op: Operation, name: string, ids: WorkspaceIds, own: boolean, role: Role): string {
    if (name === 'userId') {
      if (op.path.startsWith('/api/team/')) return ids.memberId;
      return own ? role.userId : ids.ownerId;
    }
    if (name === 'type') return 'whatsapp';
    const value = (ids as unknown as Record<string, string>)[name];
    return value ?? 'sweep-1';
  }

  /** Bodies A's own calls may well be accepted with (otherwise a sample of the schema). */
  function ownBody(op: Operation, role: Role, A: WorkspaceIds): Record<string, unknown> | undefined {
    const r = role.role.toLowerCase();
    const bodies: Record<string, Record<string, unknown>> = {
      'POST /api/auth/login': { email: role.email, password: PASSWORD },
      'POST /api/auth/firebase': { idToken: 'token-de-teste' },
      'POST /api/signup': {
        companyName: `Empresa nova ${r} ${aTag}`,
        name: `Pessoa ${r}`,
        email: `signup-${r}-${aTag}@loja-c.com`,
        password: PASSWORD,
      },
      'POST /api/auth/workspace': { workspaceId: aWorkspaceId },
      'PUT /api/auth/me/theme': { theme: 'dark' },
      'POST /api/whatsapp/send': { conversationId: A.conversationId, content: `Resposta ${r} ${aTag}` },
      'POST /api/whatsapp/connect': { phoneNumber: `552197777${ROLES.indexOf(role.role)}00` },
      'POST /api/conversations/{conversationId}/assign': { assigneeId: aParts.agentId },
      'POST /api/conversations/{conversationId}/transfer': { toAssigneeId: aParts.agentId },
      'POST /api/conversations/{conversationId}/rate': { rating: 5 },
      'POST /api/notes': { title: `Nota ${r} ${aTag}`, content: 'Conteúdo' },
      'PUT /api/notes/{noteId}': { title: `Nota editada ${aTag}`, content: 'Conteúdo' },
      'POST /api/notes/{noteId}/reminder': { reminder: null },
      'PUT /api/notes/{noteId}/tags': { tags: 'a, b' },
      'POST /api/emails': { to: 'cliente@example.com', subject: `Assunto ${aTag}`, content: 'Conteúdo' },
      'POST /api/canned-replies': { text: `Resposta pronta ${r} ${aTag}`, category: 'other' },
      'PUT /api/canned-replies/{cannedReplyId}': { text: `Resposta editada ${aTag}`, category: 'support' },
      'POST /api/team': { name: `Pessoa ${r}`, email: `nova-${r}-${aTag}@loja-a.com` },
      'PUT /api/team/{userId}': { name: `Extra ${aTag}` },
      'POST /api/settings/import': { settings: aParts.importable },
      'PUT /api/integrations/{type}': { config: { 'Phone Number': '5521999990000' } },
      // A wrong confirmation: A's data stays for the rest of the sweep.
      'POST /api/account/delete-data': { confirmation: 'nao-confirmo' },
      'POST /api/contacts/{contactId}/erase': { confirmPhone: '000' },
      'POST /api/account/deactivate': { confirmation: 'nao-confirmo' },
      'POST /api/sandbox/whatsapp/scan': { sessionId: A.sessionId },
      'POST /api/sandbox/whatsapp/inbound': {
        sessionId: A.sessionId,
        from: `55219888${ROLES.indexOf(role.role)}0000`,
        text: `Oi de novo ${aTag}`,
      },
      // B's reply, acknowledged through A's session: not found there, and nothing of B may change.
      'POST /api/sandbox/whatsapp/ack': {
        sessionId: A.sessionId,
        providerMessageId: B.providerMessageId,
        status: 'read',
      },
    };
    if (!op.body) return undefined;
    return bodies[op.key] ?? (sampleOf(op.body) as Record<string, unknown>);
  }

  /**
   * The requests of one operation for one role of A: A's own ids; B's ids in the path and body; each
   * of B's ids alone among A's own; B's Owner where the caller's own user id is taken.
   *
   * Not swept as B's ids: an e-mail address of B's member in POST /api/team (one account per e-mail,
   * DESIGN §2b: an existing account joins another company as it is, with the name A gives it; it
   * would also make B's member a member of A for the rest of the sweep), and B's session in the
   * sandbox phone's calls (public: the phone is no member of any workspace).
   */
  function plansFor(op: Operation, role: Role, A: WorkspaceIds): Plan[] {
    const own = Object.fromEntries(op.pathParams.map((p) => [p.name, pathValue(op, p.name, A, true, role)]));
    const body = ownBody(op, role, A);
    const query: Record<string, string> | undefined =
      op.key === 'GET /api/sandbox/whatsapp/outbox' ? { sessionId: A.sessionId } : undefined;
    const plans: Plan[] = [{ label: 'own-ids', path: own, body, query, namesB: false, twin: false }];
    if (isPublic(op)) return plans;

    const add = (label: string, p: Record<string, string>, b = body, q = query) =>
      plans.push({ label, path: p, body: b, query: q, namesB: true, twin: true });
    const owned = op.pathParams.filter((p) => OWNED_PARAMS.has(p.name)).map((p) => p.name);
    const idFields = Object.keys(op.body?.properties ?? {}).filter((f) => f in BODY_ID_FIELDS);
    const bPath = {
      ...own,
      ...Object.fromEntries(owned.map((name) => [name, pathValue(op, name, B, false, role)])),
    };
    const bBody = body && { ...body, ...Object.fromEntries(idFields.map((f) => [f, B[BODY_ID_FIELDS[f]!]])) };
    if (owned.length + idFields.length > 0) {
      add('b-ids', bPath, bBody);
      if (owned.includes('conversationId'))
        add('b-ids:conversation-of-b-owner', { ...bPath, conversationId: B.otherConversationId }, bBody);
      if (op.path.startsWith('/api/team/')) add('b-ids:b-owner', { ...bPath, userId: B.ownerId }, bBody);
    }
    // One of B's ids among A's own (B's message in A's conversation, B's file in A's session).
    if (owned.length >= 2)
      for (const name of owned) add(`own-path:b-${name}`, { ...own, [name]: bPath[name]! });
    // A's own path, B's ids in the body (assign A's conversation to B's member).
    if (owned.length >= 1 && idFields.length >= 1) add('own-path:b-body', own, bBody);
    // B's Owner where the spec's calls take the caller's own user id.
    if (op.queryParams.some((p) => p.name === 'userId'))
      add('query.userId=b-owner', own, body, { ...query, userId: B.ownerId });
    if (op.body?.properties?.userId) add('body.userId=b-owner', own, { ...body, userId: B.ownerId });
    // B's idempotency key in A: it is A's own key space (not refused, and answered as a new key is).
    if (op.body?.properties?.clientMessageId) {
      plans.push({
        label: 'own-path:b-clientMessageId',
        path: own,
        body: { ...body, clientMessageId: B.clientMessageId },
        namesB: false,
        twin: true,
      });
    }
    return plans;
  }

  function toCase(op: Operation, plan: Plan): SweepCase {
    const encoded = Object.fromEntries(Object.entries(plan.path).map(([k, v]) => [k, encodeURIComponent(v)]));
    const query = plan.query ? `?${new URLSearchParams(plan.query).toString()}` : '';
    const hasBody = op.body !== undefined;
    return {
      group: 'specific',
      label: plan.label,
      method: op.method,
      url: fillPath(op.path, encoded) + query,
      ...(hasBody ? { body: encodeJson(plan.body ?? {}) } : {}),
      headers: hasBody ? { 'content-type': 'application/json' } : {},
      mustRefuse: plan.namesB,
    };
  }

  /** Sandbox calls first, while all is quiet; deletions later; the account's danger zone last. */
  function order(ops: Operation[]): Operation[] {
    const rank = (op: Operation) =>
      op.path.startsWith('/api/sandbox/')
        ? -1
        : op.path.startsWith('/api/account/')
          ? 2
          : op.method === 'DELETE'
            ? 1
            : 0;
    return [...ops].sort((a, b) => rank(a) - rank(b));
  }

  const codeOf = (text: string): string | undefined => {
    try {
      return (JSON.parse(text) as { code?: string }).code;
    } catch {
      return undefined;
    }
  };

  it('keeps every operation, for every role of A, away from B’s data, and every push of B away from A', async () => {
    const started = Date.now();
    const problems: string[] = [];
    const aOwner = roles.find((r) => r.role === 'Owner')!;

    // ---- sockets of A, open while B and then A are busy ----------------------------------------
    const live: Recorder[] = [];
    for (const role of roles) {
      const r = await socketOf(`${role.caller.name} (live)`, role.caller.cookie!, {
        auth: { lastPosition: 0 },
        role,
      });
      const joined = (await r.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', role.userId)) as {
        success?: boolean;
      };
      const resumed = (await r.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('resume', { lastPosition: 0 })) as {
        success?: boolean;
      };
      if (joined.success !== true) problems.push(`${r.label}: join:user refused: ${JSON.stringify(joined)}`);
      if (resumed.success !== true) problems.push(`${r.label}: resume refused: ${JSON.stringify(resumed)}`);
      live.push(r);
    }
    // B's own Owner, to show B's pushes do go out (to B).
    const bControl = await socketOf('b-owner (control)', bCookie);
    await bControl.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('join:user', B.ownerId);

    const bChat = await bActivity('r1');
    const bSession = await gw.connectSandboxSession(bCookie, '5511955550000');
    bIds.add(bSession);
    expect(await until(bControl, newMessage(`Nova r1 ${tag}`))).toBe(true);
    expect(await until(bControl, (e) => e.name === 'whatsapp:connected' && mentions(bSession)(e))).toBe(true);
    expect(await until(bControl, (e) => e.name === 'conversation:updated' && mentions(bChat)(e))).toBe(true);

    // A at work: its own WhatsApp session and a customer writing to it.
    const aSessionId = await gw.connectSandboxSession(aOwner.caller.cookie!, '5521999990000');
    const aFirst = await inboundOk(aSessionId, '5521988880001', `Cliente ${aTag}`, `Oi ${aTag}`);
    const aFile = `foto-${aTag}.jpg`;
    mkdirSync(path.join(gw.dataDir, 'media', aSessionId), { recursive: true });
    writeFileSync(path.join(gw.dataDir, 'media', aSessionId, aFile), `imagem ${aTag}`);
    // Each socket of A gets A's message (the Agente's too: the conversation is nobody's yet); pushes
    // come in log order, so B's, earlier in the log, have reached these sockets by then.
    for (const r of live) {
      if (!(await until(r, newMessage(`Oi ${aTag}`))))
        problems.push(`${r.label}: A's own inbound message never arrived`);
    }
    const ownerLive = live[0]!;
    expect(await until(ownerLive, newMessage(`Oi ${aTag}`), 5_000)).toBe(true);
    expect(await until(ownerLive, (e) => e.name === 'whatsapp:connected' && mentions(aSessionId)(e))).toBe(
      true,
    );

    // ---- HTTP: every operation × every role of A ------------------------------------------------
    const A = workspaceAIds({
      sessionId: aSessionId,
      chatId: aFirst.conversationId,
      phone: '5521988880001',
      messageId: aFirst.messageId,
      file: aFile,
    });
    const document = (await gw.request('GET', '/api/openapi.json')).body;
    const operations = operationsOf(document);
    expect(operations.length).toBeGreaterThan(0);
    const runner = new SweepRunner(gw, B.workspaceId);
    await runner.settle(300);
    const sweepFrom = await gw.lastPosition();
    const forbiddenTexts = [...bTexts, ...bIds];
    const bValues = new Set([...bIds, B.clientMessageId]);

    for (const op of order(operations)) {
      for (const role of roles) {
        for (const plan of plansFor(op, role, A)) {
          const send = async (p: Plan) => {
            const caller = ENDS_SESSION.has(op.key)
              ? { ...role.caller, cookie: await gw.login(role.email, PASSWORD) }
              : role.caller;
            return runner.run(op.key, caller, toCase(op, p), {
              mustRefuse: p.namesB,
              crossWorkspace: true,
              writesThroughChannel: op.path.startsWith('/api/sandbox/'),
              forbiddenTexts,
            });
          };
          const where = `${op.key} as ${role.caller.name} [${plan.label}]`;
          const answer = await send(plan);
          if (!answer) continue;
          if (process.env.SWEEP_VERBOSE)
            console.log(`${where}: ${answer.status} ${codeOf(answer.text) ?? ''} ${toCase(op, plan).url}`);
          if (plan.namesB) {
            const allowed =
              op.key === 'POST /api/auth/workspace'
                ? [403]
                : [403, 404, ...(BAD_REQUEST_FOR_A[op.key] ? [400] : [])];
            if (!allowed.includes(answer.status)) {
              problems.push(
                `${where}: ${answer.status} (expected ${allowed.join('/')}) ` +
                  `for ${toCase(op, plan).url} ${JSON.stringify(plan.body ?? '')}: ${answer.text.slice(0, 300)}`,
              );
            }
          }
          if (plan.twin) {
            const twin: Plan = {
              ...plan,
              label: `${plan.label}:made-up-twin`,
              path: twinAll(plan.path, bValues),
              body: twinAll(plan.body, bValues),
              query: twinAll(plan.query, bValues),
            };
            const other = await send(twin);
            if (other && (other.status !== answer.status || codeOf(other.text) !== codeOf(answer.text))) {
              problems.push(
                `${where}: B's ids answered ${answer.status} ${codeOf(answer.text) ?? ''}, made-up ids ` +
                  `${other.status} ${codeOf(other.text) ?? ''} (B's ids are told apart): ${answer.text.slice(0, 200)}`,
              );
            }
          }
        }
      }
    }
    await runner.settle(300);

    // Nothing at all was written into B while A's calls ran (whatever the request ids say).
    const sweepTo = await gw.lastPosition();
    const ownerOf = new Map<string, string | undefined>();
    const intoB: StoredEvent[] = [];
    for (let from = sweepFrom + 1; from <= sweepTo; from += 1000) {
      for (const e of await gw.atende.store.readBatch(from, Math.min(1000, sweepTo - from + 1), {
        trusted: true,
      })) {
        if (!ownerOf.has(e.streamId)) {
          const [first] = await gw.atende.store.readStream(e.streamId);
          ownerOf.set(e.streamId, first?.metadata.workspaceId);
        }
        if (e.metadata.workspaceId === B.workspaceId || ownerOf.get(e.streamId) === B.workspaceId)
          intoB.push(e);
      }
    }
    for (const e of intoB.slice(0, 12))
      problems.push(
        `written into B during the sweep: ${e.type} on ${e.streamId} (${e.metadata.correlationId})`,
      );

    // ---- B and A at work again; then every push A's sockets got is read -------------------------
    await bActivity('r2');
    await inboundOk(aSessionId, '5521988880001', `Cliente ${aTag}`, `Fim ${aTag}`);
    for (const r of live) {
      if (!(await until(r, newMessage(`Fim ${aTag}`))))
        problems.push(`${r.label}: A's last inbound message never arrived`);
    }
    expect(await until(bControl, newMessage(`Nova r2 ${tag}`))).toBe(true);

    // A fresh socket of each role resuming from position 0: the whole log replayed, nothing of B.
    const fresh: Recorder[] = [];
    for (const role of roles) {
      const r = await socketOf(`${role.caller.name} (resume from 0)`, role.caller.cookie!, { role });
      const ack = (await r.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('resume', { lastPosition: 0 })) as {
        success?: boolean;
        replayed?: number;
      };
      if (ack.success !== true || !ack.replayed)
        problems.push(`${r.label}: resume from 0 answered ${JSON.stringify(ack)}`);
      fresh.push(r);
    }
    expect(await until(fresh[0]!, newMessage(`Oi ${aTag}`), 5_000)).toBe(true);
    expect(await until(fresh[0]!, newMessage(`Fim ${aTag}`), 5_000)).toBe(true);

    const sockets = [...live, ...fresh];
    const socketEvents = sockets.reduce((n, r) => n + r.received.length, 0);
    for (const r of sockets) problems.push(...socketLeaks(r));
    // And the rooms the server put them in: every workspace a room names is A, every user the socket's.
    for (const r of sockets) {
      const server = gw.atende.realtime.io.of('/').sockets.get(r.socket.id!);
      if (!server) problems.push(`${r.label}: disconnected by the server`);
      const own = { ws: encodeURIComponent(aWorkspaceId), user: encodeURIComponent(r.role!.userId) };
      const foreign = [...(server?.rooms ?? [])].filter(
        (room) =>
          room !== r.socket.id &&
          ([...room.matchAll(/(?:^|:)ws:([^:]+)/g)].some((m) => m[1] !== own.ws) ||
            [...room.matchAll(/(?:^|:)user:([^:]+)/g)].some((m) => m[1] !== own.user) ||
            [...bIds].some((id) => room.includes(encodeURIComponent(id)))),
      );
      if (foreign.length > 0) problems.push(`${r.label}: in rooms ${foreign.join(', ')}`);
    }

    // ---- the report -----------------------------------------------------------------------------
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const statuses = [...runner.statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    const total = runner.problems.length + problems.length;
    console.log(
      `cross-tenant sweep: ${operations.length} operations × ${roles.length} roles of workspace A with ` +
        `workspace B's ids: ${runner.sent} requests (${statuses.join(' ')}), ${sockets.length} sockets, ` +
        `${socketEvents} socket events checked, ${sweepTo - sweepFrom} events written by the sweep ` +
        `(${intoB.length} into B) in ${seconds} s; ${total} problems`,
    );
    // Every operation of the document, new ones included, was answered for every role.
    const uncovered = operations
      .flatMap((op) => roles.map((r) => `${op.key} as ${r.caller.name}`))
      .filter((pair) => !runner.answeredFor.has(pair));
    expect(uncovered).toEqual([]);
    if (total > 0) {
      throw new Error(
        `cross-tenant problems:\n${[runner.report(), ...problems.slice(0, 40)].filter(Boolean).join('\n')}` +
          (problems.length > 40 ? `\n… and ${problems.length - 40} more` : ''),
      );
    }
  }, 180_000);
});
