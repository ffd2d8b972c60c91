import { atendeRegistry, channelSessionDecider, handleCommand, streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { assignDirectly, receiveMessage } from '../conversations/testing.js';

type Body = Record<string, unknown>;
type ConversationsBody = {
  success: boolean;
  source: string;
  nextCursor: number | null;
  conversations: Body[];
};
type MessagesBody = { success: boolean; source: string; nextCursor: number | null; messages: Body[] };

const CHAT_A = '5511999990001@c.us'; // unassigned
const CHAT_B = '5511999990002@c.us'; // assigned to agente2
const CHAT_OUTRA = '5511999990009@c.us'; // in the other workspace
const enc = encodeURIComponent;

describe('WhatsApp API (spec §7 calls)', () => {
  let gw: GatewayHarness;
  let ws: string;
  let ownerId: string;
  let owner: string;
  let agente1: string;
  let agente2: string;
  let supervisor: string;
  let admin: string;
  let fora: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
    ws = gw.atende.demo.workspaceId;
    ownerId = gw.atende.demo.ownerId;
    const add = (userId: string, role: 'Agente' | 'Supervisor' | 'Admin' | 'Owner', workspaceId?: string) =>
      gw.signInAsNewMember(userId, role, workspaceId ? { workspaceId } : {});
    owner = await gw.loginDemo();
    agente1 = await add('agente1', 'Agente');
    agente2 = await add('agente2', 'Agente');
    supervisor = await add('supervisor', 'Supervisor');
    admin = await add('admin', 'Admin');
    fora = await add('fora', 'Owner', 'outra');
    await receiveMessage(gw, { chatId: CHAT_A, name: 'Ana', text: 'Oi, preciso de ajuda' });
    await receiveMessage(gw, { chatId: CHAT_A, text: 'Alguém aí?' });
    await receiveMessage(gw, { chatId: CHAT_B, name: 'Bruno', text: 'Pedido 123' });
    await assignDirectly(gw, ws, CHAT_B, 'agente2');
    await receiveMessage(gw, {
      workspaceId: 'outra',
      chatId: CHAT_OUTRA,
      name: 'Olga',
      text: 'Segredo da outra',
    });
  });
  afterAll(async () => gw.stop());

  /** Runs `request` and checks it wrote nothing. */
  async function writesNothing<T>(request: () => Promise<T>): Promise<T> {
    const before = await gw.lastPosition();
    const result = await request();
    expect(await gw.lastPosition()).toBe(before);
    return result;
  }

  describe('GET /api/whatsapp/conversations', () => {
    it('lists the workspace conversations with the spec backend names and row fields', async () => {
      const res = await gw.request<ConversationsBody>(
        'GET',
        `/api/whatsapp/conversations?userId=${ownerId}`,
        {
          cookie: owner,
        },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, source: 'atende', nextCursor: null });
      const ids = res.body.conversations.map((c) => c.id);
      expect(ids).toEqual([CHAT_B, CHAT_A]);
      const a = res.body.conversations.find((c) => c.id === CHAT_A)!;
      expect(a).toMatchObject({
        id: CHAT_A,
        conversationId: CHAT_A,
        name: 'Ana',
        conversationName: 'Ana',
        customerName: 'Ana',
        customerId: '5511999990001',
        channel: 'whatsapp',
        status: 'active',
        type: 'private',
        lastMessage: 'Alguém aí?',
        unreadCount: 2,
        messageCount: 2,
        hasMedia: false,
        mediaType: null,
        profilePic: null,
        isPinned: false,
        isArchived: false,
        assigneeId: null,
        rating: null,
      });
      expect(typeof a.lastTimestamp).toBe('string');
      expect(a).not.toHaveProperty('workspaceId');
    });

    it('works without userId (the session decides) and pages with limit/before', async () => {
      const first = await gw.request<ConversationsBody>('GET', '/api/whatsapp/conversations?limit=1', {
        cookie: owner,
      });
      expect(first.status).toBe(200);
      expect(first.body.conversations.map((c) => c.id)).toEqual([CHAT_B]);
      expect(typeof first.body.nextCursor).toBe('number');
      const second = await gw.request<ConversationsBody>(
        'GET',
        `/api/whatsapp/conversations?limit=1&before=${first.body.nextCursor}`,
        { cookie: owner },
      );
      expect(second.body.conversations.map((c) => c.id)).toEqual([CHAT_A]);
      expect(second.body.nextCursor).toBeNull();
      const archived = await gw.request<ConversationsBody>(
        'GET',
        '/api/whatsapp/conversations?archived=true',
        {
          cookie: owner,
        },
      );
      expect(archived.body.conversations).toEqual([]);
    });

    it('an agent sees own and unassigned conversations, not someone else’s', async () => {
      const a1 = await gw.request<ConversationsBody>('GET', '/api/whatsapp/conversations?userId=agente1', {
        cookie: agente1,
      });
      expect(a1.status).toBe(200);
      expect(a1.body.conversations.map((c) => c.id)).toEqual([CHAT_A]);
      const a2 = await gw.request<ConversationsBody>('GET', '/api/whatsapp/conversations?userId=agente2', {
        cookie: agente2,
      });
      expect(a2.body.conversations.map((c) => c.id).sort()).toEqual([CHAT_A, CHAT_B].sort());
      const sup = await gw.request<ConversationsBody>('GET', '/api/whatsapp/conversations', {
        cookie: supervisor,
      });
      expect(sup.body.conversations).toHaveLength(2);
    });

    it('another workspace sees only its own conversations', async () => {
      const res = await gw.request<ConversationsBody>('GET', '/api/whatsapp/conversations?userId=fora', {
        cookie: fora,
      });
      expect(res.status).toBe(200);
      expect(res.body.conversations.map((c) => c.id)).toEqual([CHAT_OUTRA]);
      expect(JSON.stringify(res.body)).not.toContain('Ana');
    });

    it('401 without a session, 403 for someone else’s userId', async () => {
      const anon = await gw.request('GET', '/api/whatsapp/conversations');
      expect(anon.status).toBe(401);
      expect(anon.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
      const other = await gw.request('GET', `/api/whatsapp/conversations?userId=agente1`, { cookie: owner });
      expect(other.status).toBe(403);
      expect(other.body).toEqual({
        success: false,
        error: 'Você não tem permissão para esta ação',
        code: 'FORBIDDEN',
      });
    });

    it.each(['limit=abc', 'limit=0', 'limit=501', 'archived=talvez', 'before=-1', 'extra=1', 'userId='])(
      'answers 400 for ?%s',
      async (qs) => {
        const res = await writesNothing(() =>
          gw.request('GET', `/api/whatsapp/conversations?${qs}`, { cookie: owner }),
        );
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      },
    );
  });

  describe('GET /api/whatsapp/messages/:conversationId', () => {
    it('answers the messages oldest first with the spec fields', async () => {
      const res = await gw.request<MessagesBody>(
        'GET',
        `/api/whatsapp/messages/${enc(CHAT_A)}?userId=${ownerId}`,
        { cookie: owner },
      );
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true, source: 'atende', nextCursor: null });
      expect(res.body.messages.map((m) => m.content)).toEqual(['Oi, preciso de ajuda', 'Alguém aí?']);
      expect(res.body.messages[0]).toMatchObject({
        conversationId: CHAT_A,
        sender: 'customer',
        senderName: 'Ana',
        senderPhone: '5511999990001',
        fromMe: false,
        type: 'text',
        status: 'delivered',
        mediaUrl: null,
      });
      for (const m of res.body.messages) {
        expect(typeof m.id).toBe('string');
        expect(typeof m.timestamp).toBe('string');
        expect(typeof m.createdAt).toBe('string');
      }
    });

    it('pages back with limit and before', async () => {
      const last = await gw.request<MessagesBody>('GET', `/api/whatsapp/messages/${enc(CHAT_A)}?limit=1`, {
        cookie: owner,
      });
      expect(last.body.messages.map((m) => m.content)).toEqual(['Alguém aí?']);
      expect(typeof last.body.nextCursor).toBe('number');
      const older = await gw.request<MessagesBody>(
        'GET',
        `/api/whatsapp/messages/${enc(CHAT_A)}?limit=1&before=${last.body.nextCursor}`,
        { cookie: owner },
      );
      expect(older.body.messages.map((m) => m.content)).toEqual(['Oi, preciso de ajuda']);
    });

    it('404 for an agent on someone else’s conversation, for another workspace and for an unknown one', async () => {
      for (const [cookie, chat] of [
        [agente1, CHAT_B],
        [fora, CHAT_A],
        [owner, CHAT_OUTRA],
        [owner, '000@c.us'],
      ] as const) {
        const res = await gw.request('GET', `/api/whatsapp/messages/${enc(chat)}`, { cookie });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'Conversa não encontrada',
          code: 'CONVERSATION_NOT_FOUND',
        });
      }
      const own = await gw.request<MessagesBody>('GET', `/api/whatsapp/messages/${enc(CHAT_B)}`, {
        cookie: agente2,
      });
      expect(own.status).toBe(200);
    });

    it('401, 403 for someone else’s userId, 400 for bad input', async () => {
      expect((await gw.request('GET', `/api/whatsapp/messages/${enc(CHAT_A)}`)).status).toBe(401);
      const other = await gw.request('GET', `/api/whatsapp/messages/${enc(CHAT_A)}?userId=fora`, {
        cookie: owner,
      });
      expect(other.status).toBe(403);
      for (const qs of ['limit=x', 'before=0', 'foo=bar']) {
        const res = await gw.request('GET', `/api/whatsapp/messages/${enc(CHAT_A)}?${qs}`, { cookie: owner });
        expect(res.status).toBe(400);
      }
      const long = await gw.request('GET', `/api/whatsapp/messages/${'9'.repeat(300)}`, { cookie: owner });
      expect(long.status).toBe(400);
    });
  });

  describe('POST /api/whatsapp/send', () => {
    const send = (cookie: string | undefined, body: Body) =>
      gw.request<Body>('POST', '/api/whatsapp/send', { ...(cookie ? { cookie } : {}), body });

    it('appends OutboundMessageRequested and the message shows in the conversation', async () => {
      const res = await send(owner, {
        userId: ownerId,
        conversationId: CHAT_A,
        content: '  Olá, Ana! Como posso ajudar?  ',
        type: 'text',
        timestamp: new Date().toISOString(),
      });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ success: true });
      expect(typeof res.body.messageId).toBe('string');
      const events = await gw.atende.store.readStream(streams.conversation(ws, CHAT_A));
      const requested = events.filter((e) => e.type === 'OutboundMessageRequested');
      expect(requested).toHaveLength(1);
      expect(requested[0]!.data).toMatchObject({
        messageId: res.body.messageId,
        agentId: ownerId,
        content: 'Olá, Ana! Como posso ajudar?',
        sessionId: 'sessao-teste',
        type: 'text',
      });
      const messages = await gw.request<MessagesBody>('GET', `/api/whatsapp/messages/${enc(CHAT_A)}`, {
        cookie: owner,
      });
      expect(messages.body.messages.at(-1)).toMatchObject({
        id: res.body.messageId,
        content: 'Olá, Ana! Como posso ajudar?',
        sender: 'agent',
        fromMe: true,
      });
    });

    it('a retry with the same clientMessageId stores one message', async () => {
      const clientMessageId = '3f1c9a52-7b7e-4d8a-9a57-2f3c1f8e9b11';
      const body = { userId: 'agente1', conversationId: CHAT_A, content: 'Um momento', clientMessageId };
      const [first, second] = await Promise.all([send(agente1, body), send(agente1, body)]);
      const third = await send(agente1, body);
      for (const res of [first, second, third]) {
        expect(res.status).toBe(200);
        expect(res.body.messageId).toBe(clientMessageId);
      }
      const events = await gw.atende.store.readStream(streams.conversation(ws, CHAT_A));
      expect(
        events.filter(
          (e) =>
            e.type === 'OutboundMessageRequested' &&
            (e.data as { messageId: string }).messageId === clientMessageId,
        ),
      ).toHaveLength(1);
    });

    it('the same clientMessageId in another conversation is a conflict (409), not a lost message', async () => {
      const clientMessageId = '3f1c9a52-7b7e-4d8a-9a57-2f3c1f8e9b12';
      expect((await send(owner, { conversationId: CHAT_A, content: 'A', clientMessageId })).status).toBe(200);
      const res = await send(owner, { conversationId: CHAT_B, content: 'B', clientMessageId });
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: 'MESSAGE_ID_CONFLICT' });
    });

    it('blank content: 400 Mensagem vazia, nothing written', async () => {
      const res = await writesNothing(() =>
        send(owner, { userId: ownerId, conversationId: CHAT_A, content: '   ' }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ success: false, error: 'Mensagem vazia', code: 'MESSAGE_EMPTY' });
    });

    it.each([
      ['missing conversationId', { content: 'oi' }],
      ['missing content', { conversationId: CHAT_A }],
      ['an unknown field', { conversationId: CHAT_A, content: 'oi', sessionId: 'x' }],
      ['a non-uuid clientMessageId', { conversationId: CHAT_A, content: 'oi', clientMessageId: 'abc' }],
      ['a media type', { conversationId: CHAT_A, content: 'oi', type: 'image' }],
      ['a number as content', { conversationId: CHAT_A, content: 42 }],
      ['a too long message', { conversationId: CHAT_A, content: 'x'.repeat(5000) }],
    ])('400 for %s, nothing written', async (_label, body) => {
      const res = await writesNothing(() => send(owner, body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false });
      expect(typeof res.body.code).toBe('string');
    });

    it('invalid JSON is 400', async () => {
      const res = await writesNothing(() =>
        gw.request('POST', '/api/whatsapp/send', { cookie: owner, body: '{"content":' }),
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
    });

    it('401 without a session, 403 for someone else’s userId, nothing written', async () => {
      const anon = await writesNothing(() => send(undefined, { conversationId: CHAT_A, content: 'oi' }));
      expect(anon.status).toBe(401);
      const other = await writesNothing(() =>
        send(agente1, { userId: ownerId, conversationId: CHAT_A, content: 'oi' }),
      );
      expect(other.status).toBe(403);
      expect(other.body).toMatchObject({ code: 'FORBIDDEN' });
    });

    it('404 for an agent on someone else’s conversation and for another workspace, nothing written', async () => {
      const agent = await writesNothing(() => send(agente1, { conversationId: CHAT_B, content: 'oi' }));
      expect(agent.status).toBe(404);
      const foreign = await writesNothing(() => send(fora, { conversationId: CHAT_A, content: 'oi' }));
      expect(foreign.status).toBe(404);
      expect(foreign.body).toMatchObject({ code: 'CONVERSATION_NOT_FOUND' });
      expect(await gw.streamTypes(streams.conversation('outra', CHAT_A))).toEqual([]);
    });
  });

  describe('connect, status and sessions', () => {
    const connect = (cookie: string | undefined, body: Body) =>
      gw.request<Body>('POST', '/api/whatsapp/connect', { ...(cookie ? { cookie } : {}), body });
    const channel = (sessionId: string, command: Parameters<typeof channelSessionDecider.decide>[0]) =>
      handleCommand(
        { store: gw.atende.store, registry: atendeRegistry },
        channelSessionDecider,
        streams.channel(sessionId),
        command,
        { workspaceId: ws, actorId: 'test' },
      ).then((r) => gw.atende.projector.waitForPosition(Math.max(0, ...r.globalPositions)));

    let sessionId: string;

    it('requests a session, reuses it for the same number, then answers the QR and the connection', async () => {
      const first = await connect(owner, {
        userId: ownerId,
        phoneNumber: '+55 (11) 98888-7777',
        name: 'Loja',
      });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        success: true,
        connected: false,
        qrCode: null,
        message: 'Aguardando geração do QR Code...',
      });
      sessionId = first.body.sessionId as string;
      expect(await gw.streamTypes(streams.channel(sessionId))).toEqual(['ChannelSessionRequested']);
      const requested = (await gw.atende.store.readStream(streams.channel(sessionId)))[0]!;
      expect(requested.data).toMatchObject({ phoneNumber: '5511988887777', name: 'Loja', driver: 'sandbox' });

      const again = await writesNothing(() => connect(owner, { phoneNumber: '5511988887777' }));
      expect(again.body.sessionId).toBe(sessionId);

      const qrCode = 'data:image/png;base64,iVBORw0KGgo=';
      await channel(sessionId, { type: 'IssueQr', data: { qrCode } });
      const withQr = await connect(owner, { phoneNumber: '5511988887777' });
      expect(withQr.body).toMatchObject({
        connected: false,
        sessionId,
        qrCode,
        message: 'Escaneie o QR Code no WhatsApp do seu celular.',
      });

      const status = await gw.request('GET', `/api/whatsapp/status/${sessionId}?userId=${ownerId}`, {
        cookie: owner,
      });
      expect(status.body).toMatchObject({ success: true, connected: false, sessionId, status: 'qr_issued' });

      await channel(sessionId, { type: 'MarkConnected', data: { phoneNumber: '5511988887777' } });
      const connected = await connect(owner, { phoneNumber: '5511988887777' });
      expect(connected.body).toMatchObject({
        connected: true,
        sessionId,
        qrCode: null,
        message: 'WhatsApp conectado com sucesso.',
      });
      const after = await gw.request('GET', `/api/whatsapp/status/${sessionId}`, { cookie: owner });
      expect(after.body).toEqual({
        success: true,
        connected: true,
        sessionId,
        status: 'connected',
        qrCode: null,
      });

      const sessions = await gw.request<{ success: boolean; sessions: Body[] }>(
        'GET',
        `/api/whatsapp/sessions/${ownerId}`,
        { cookie: owner },
      );
      expect(sessions.status).toBe(200);
      // The demo workspace's own sandbox session is listed too; this one must be there, connected.
      expect(sessions.body.sessions.filter((s) => s.sessionId !== 'demo-sandbox')).toEqual([
        expect.objectContaining({
          sessionId,
          status: 'connected',
          phoneNumber: '5511988887777',
          name: 'Loja',
          connected: true,
        }),
      ]);
    });

    it('a failed session is not reused: a new one is requested', async () => {
      const res = await connect(owner, { phoneNumber: '5511977776666' });
      const failedId = res.body.sessionId as string;
      await channel(failedId, { type: 'MarkFailed', data: { error: 'boom', retryInMs: null } });
      const next = await connect(owner, { phoneNumber: '5511977776666' });
      expect(next.status).toBe(200);
      expect(next.body.sessionId).not.toBe(failedId);
    });

    it('an empty or invalid number is 400 with the decider text, nothing written', async () => {
      const empty = await writesNothing(() => connect(owner, { userId: ownerId, phoneNumber: ' - ' }));
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({
        success: false,
        error: 'Número do WhatsApp é obrigatório',
        code: 'PHONE_REQUIRED',
      });
      const short = await writesNothing(() => connect(owner, { phoneNumber: '123' }));
      expect(short.status).toBe(400);
      expect(short.body).toMatchObject({ error: 'Número do WhatsApp inválido' });
      for (const body of [{}, { phoneNumber: 5511 }, { phoneNumber: '5511988887777', driver: 'wwebjs' }]) {
        const res = await writesNothing(() => connect(owner, body));
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    });

    it('needs integrations:manage: an agent or supervisor gets 403 and an AccessDenied audit event', async () => {
      for (const cookie of [agente1, supervisor]) {
        const before = await gw.lastPosition();
        const res = await connect(cookie, { phoneNumber: '5511988881111' });
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
        expect(await gw.lastPosition()).toBe(before + 1);
      }
      const audit = await gw.atende.store.readStream(streams.audit(ws));
      expect(audit.slice(-2).map((e) => [e.type, (e.data as Body).permission])).toEqual([
        ['AccessDenied', 'integrations:manage'],
        ['AccessDenied', 'integrations:manage'],
      ]);
    });

    it('401 without a session and 403 for someone else’s userId, nothing written', async () => {
      expect((await writesNothing(() => connect(undefined, { phoneNumber: '5511988887777' }))).status).toBe(
        401,
      );
      const other = await writesNothing(() =>
        connect(owner, { userId: 'admin', phoneNumber: '5511988887777' }),
      );
      expect(other.status).toBe(403);
    });

    it('sessions are per user and per workspace: others’ sessions are 404 on status and absent from lists', async () => {
      const adminSession = (await connect(admin, { phoneNumber: '5511955554444' })).body.sessionId as string;
      const foraSession = (await connect(fora, { phoneNumber: '5511988887777' })).body.sessionId as string;
      expect(foraSession).not.toBe(sessionId);
      for (const [cookie, id] of [
        [owner, adminSession],
        [owner, foraSession],
        [fora, sessionId],
        [owner, 'nao-existe'],
      ] as const) {
        const res = await gw.request('GET', `/api/whatsapp/status/${id}`, { cookie });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'Sessão não encontrada',
          code: 'CHANNEL_NOT_FOUND',
        });
      }
      const foraList = await gw.request<{ sessions: Body[] }>('GET', '/api/whatsapp/sessions/fora', {
        cookie: fora,
      });
      expect(foraList.body.sessions.map((s) => s.sessionId)).toEqual([foraSession]);
      const adminList = await gw.request<{ sessions: Body[] }>('GET', '/api/whatsapp/sessions/admin', {
        cookie: admin,
      });
      expect(adminList.body.sessions.map((s) => s.sessionId)).toEqual([adminSession]);
      const agentList = await gw.request<{ sessions: Body[] }>('GET', '/api/whatsapp/sessions/agente1', {
        cookie: agente1,
      });
      expect(agentList.body).toEqual({ success: true, sessions: [] });
    });

    it('status and sessions: 401, 403 for someone else’s userId, 400 for unknown query fields', async () => {
      expect((await gw.request('GET', `/api/whatsapp/status/${sessionId}`)).status).toBe(401);
      expect((await gw.request('GET', `/api/whatsapp/sessions/${ownerId}`)).status).toBe(401);
      const status = await gw.request('GET', `/api/whatsapp/status/${sessionId}?userId=admin`, {
        cookie: owner,
      });
      expect(status.status).toBe(403);
      const sessions = await gw.request('GET', '/api/whatsapp/sessions/admin', { cookie: owner });
      expect(sessions.status).toBe(403);
      expect(sessions.body).toMatchObject({ code: 'FORBIDDEN' });
      expect(
        (await gw.request('GET', `/api/whatsapp/status/${sessionId}?x=1`, { cookie: owner })).status,
      ).toBe(400);
      expect(
        (await gw.request('GET', `/api/whatsapp/sessions/${ownerId}?x=1`, { cookie: owner })).status,
      ).toBe(400);
    });
  });

  describe('GET /api/whatsapp/profile-picture/:customerId', () => {
    it('answers url null for a customer of the workspace (by phone or chat id)', async () => {
      for (const id of ['5511999990001', enc(CHAT_A)]) {
        const res = await gw.request('GET', `/api/whatsapp/profile-picture/${id}?userId=${ownerId}`, {
          cookie: owner,
        });
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, url: null });
      }
    });

    it('404 for another workspace’s customer, someone else’s conversation (agent) and unknown ones', async () => {
      for (const [cookie, id] of [
        [owner, '5511999990009'],
        [fora, '5511999990001'],
        [agente1, '5511999990002'],
        [owner, '123'],
        [owner, 'abc'],
      ] as const) {
        const res = await gw.request('GET', `/api/whatsapp/profile-picture/${id}`, { cookie });
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'Contato não encontrado',
          code: 'CUSTOMER_NOT_FOUND',
        });
      }
    });

    it('401, 403 for someone else’s userId, 400 for unknown query fields', async () => {
      expect((await gw.request('GET', '/api/whatsapp/profile-picture/5511999990001')).status).toBe(401);
      expect(
        (await gw.request('GET', '/api/whatsapp/profile-picture/5511999990001?userId=x', { cookie: owner }))
          .status,
      ).toBe(403);
      expect(
        (await gw.request('GET', '/api/whatsapp/profile-picture/5511999990001?size=big', { cookie: owner }))
          .status,
      ).toBe(400);
    });
  });

  it('documents every call in the OpenAPI document', async () => {
    const res = await gw.request<{ paths: Record<string, Record<string, { 'x-permission': string }>> }>(
      'GET',
      '/api/openapi.json',
    );
    expect(res.body.paths['/api/whatsapp/connect']!.post!['x-permission']).toBe('integrations:manage');
    for (const path of [
      '/api/whatsapp/conversations',
      '/api/whatsapp/messages/{conversationId}',
      '/api/whatsapp/status/{sessionId}',
      '/api/whatsapp/sessions/{userId}',
      '/api/whatsapp/profile-picture/{customerId}',
    ]) {
      expect(res.body.paths[path]!.get).toBeDefined();
    }
    expect(res.body.paths['/api/whatsapp/send']!.post).toBeDefined();
  });
});
