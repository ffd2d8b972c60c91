import { streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { assignDirectly, conversationCommand, receiveMessage } from './testing.js';

type Body = Record<string, unknown>;
type ConversationBody = { success: boolean; conversation: Body };

const CHAT_A = '5511999991001@c.us'; // unassigned
const CHAT_B = '5511999991002@c.us'; // assigned to agente2
const CHAT_C = '5511999991003@c.us'; // for assignment tests
const CHAT_OUTRA = '5511999991009@c.us'; // in the other workspace
const enc = encodeURIComponent;
const url = (chatId: string, action: string) => `/api/conversations/${enc(chatId)}/${action}`;

/** Every action with a valid body. */
const ACTIONS: ReadonlyArray<[string, Body | undefined]> = [
  ['read', undefined],
  ['pin', undefined],
  ['unpin', {}],
  ['archive', undefined],
  ['unarchive', undefined],
  ['assign', { assigneeId: 'agente1' }],
  ['transfer', { toAssigneeId: 'agente1' }],
  ['rate', { rating: 4 }],
];

describe('conversation actions API', () => {
  let gw: GatewayHarness;
  let ws: string;
  let owner: string;
  let agente1: string;
  let agente2: string;
  let supervisor: string;
  let fora: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ws = gw.atende.demo.workspaceId;
    const add = async (
      userId: string,
      role: 'Agente' | 'Supervisor' | 'Owner',
      options: { workspaceId?: string; status?: 'active' | 'inactive' } = {},
    ) => {
      await gw.addMember({ userId, email: `${userId}@loja.com`, password: 'senha-boa-1', role, ...options });
      return options.status === 'inactive' ? '' : gw.login(`${userId}@loja.com`, 'senha-boa-1');
    };
    owner = await gw.loginDemo();
    agente1 = await add('agente1', 'Agente');
    agente2 = await add('agente2', 'Agente');
    supervisor = await add('supervisor', 'Supervisor');
    await add('inativo', 'Agente', { status: 'inactive' });
    fora = await add('fora', 'Owner', { workspaceId: 'outra' });
    await receiveMessage(gw, { chatId: CHAT_A, name: 'Ana', text: 'Oi' });
    await receiveMessage(gw, { chatId: CHAT_A, text: 'Tudo bem?' });
    await receiveMessage(gw, { chatId: CHAT_B, name: 'Bruno', text: 'Pedido 123' });
    await assignDirectly(gw, ws, CHAT_B, 'agente2');
    await receiveMessage(gw, { chatId: CHAT_C, name: 'Carla', text: 'Quero trocar' });
    await receiveMessage(gw, { workspaceId: 'outra', chatId: CHAT_OUTRA, name: 'Olga', text: 'Oi' });
  });
  afterAll(async () => gw.stop());

  const post = (cookie: string | undefined, chatId: string, action: string, body?: unknown) =>
    gw.request<ConversationBody>('POST', url(chatId, action), {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { body } : {}),
    });

  async function writesNothing<T>(request: () => Promise<T>): Promise<T> {
    const before = await gw.lastPosition();
    const result = await request();
    expect(await gw.lastPosition()).toBe(before);
    return result;
  }

  describe('happy paths answer the row after the change', () => {
    it('read: unread count back to 0 (and reading again writes nothing)', async () => {
      const res = await post(agente1, CHAT_A, 'read');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.conversation).toMatchObject({ id: CHAT_A, conversationId: CHAT_A, unreadCount: 0 });
      expect(await gw.streamTypes(streams.conversation(ws, CHAT_A))).toContain('ConversationRead');
      const again = await writesNothing(() => post(agente1, CHAT_A, 'read'));
      expect(again.status).toBe(200);
    });

    it('pin and unpin', async () => {
      expect((await post(owner, CHAT_A, 'pin')).body.conversation).toMatchObject({ isPinned: true });
      expect((await post(owner, CHAT_A, 'unpin', {})).body.conversation).toMatchObject({ isPinned: false });
    });

    it('archive and unarchive (the list moves)', async () => {
      const archived = await post(agente1, CHAT_A, 'archive');
      expect(archived.body.conversation).toMatchObject({ isArchived: true, status: 'archived' });
      const list = await gw.request<{ conversations: Body[] }>(
        'GET',
        '/api/whatsapp/conversations?archived=true',
        {
          cookie: owner,
        },
      );
      expect(list.body.conversations.map((c) => c.id)).toEqual([CHAT_A]);
      const back = await post(agente1, CHAT_A, 'unarchive');
      expect(back.body.conversation).toMatchObject({ isArchived: false, status: 'active' });
    });

    it('assign and transfer (Supervisor and up)', async () => {
      const assigned = await post(supervisor, CHAT_C, 'assign', { assigneeId: 'agente1' });
      expect(assigned.status).toBe(200);
      expect(assigned.body.conversation).toMatchObject({ assigneeId: 'agente1', assignedAgent: 'agente1' });
      const transferred = await post(owner, CHAT_C, 'transfer', { toAssigneeId: 'agente2' });
      expect(transferred.body.conversation).toMatchObject({ assigneeId: 'agente2' });
      expect(await gw.streamTypes(streams.conversation(ws, CHAT_C))).toEqual([
        'ConversationStarted',
        'InboundMessageReceived',
        'ConversationAssigned',
        'ConversationTransferred',
      ]);
      // agente1 no longer sees it
      const hidden = await post(agente1, CHAT_C, 'read');
      expect(hidden.status).toBe(404);
    });

    it('rate 1..5', async () => {
      const res = await post(agente1, CHAT_A, 'rate', { rating: 5 });
      expect(res.status).toBe(200);
      expect(res.body.conversation).toMatchObject({ rating: 5 });
    });
  });

  describe('GET /api/conversations/stats', () => {
    it('a supervisor gets the workspace figures, an agent those of what they see, another workspace its own', async () => {
      await receiveMessage(gw, { chatId: '5511999991004@c.us', text: 'Novo 1' });
      await receiveMessage(gw, { chatId: '5511999991004@c.us', text: 'Novo 2' });
      await conversationCommand(gw, ws, '5511999991004@c.us', {
        type: 'ArchiveConversation',
        data: { byUserId: 'x' },
      });
      const all = await gw.request<{ success: boolean; stats: Body }>('GET', '/api/conversations/stats', {
        cookie: supervisor,
      });
      expect(all.status).toBe(200);
      const conversations = await gw.request<{ conversations: Body[] }>(
        'GET',
        '/api/whatsapp/conversations',
        {
          cookie: supervisor,
        },
      );
      const unread = conversations.body.conversations.reduce((n, c) => n + (c.unreadCount as number), 0);
      expect(all.body).toEqual({
        success: true,
        stats: {
          totalConversations: 4,
          activeConversations: 3,
          unreadTotal: unread + 2,
          channels: ['whatsapp'],
        },
      });

      // agente1 sees CHAT_A (unassigned) and the archived unassigned one; not CHAT_B nor CHAT_C (agente2's).
      const agent = await gw.request<{ stats: Body }>('GET', '/api/conversations/stats', { cookie: agente1 });
      expect(agent.body.stats).toEqual({
        totalConversations: 2,
        activeConversations: 1,
        unreadTotal: 2,
        channels: ['whatsapp'],
      });
      const outra = await gw.request<{ stats: Body }>('GET', '/api/conversations/stats', { cookie: fora });
      expect(outra.body.stats).toEqual({
        totalConversations: 1,
        activeConversations: 1,
        unreadTotal: 1,
        channels: ['whatsapp'],
      });
    });

    it('401 without a session, 400 for query fields', async () => {
      expect((await gw.request('GET', '/api/conversations/stats')).status).toBe(401);
      expect((await gw.request('GET', '/api/conversations/stats?x=1', { cookie: owner })).status).toBe(400);
    });
  });

  describe('refusals write nothing', () => {
    it.each(ACTIONS)('%s: 401 without a session', async (action, body) => {
      const res = await writesNothing(() => post(undefined, CHAT_A, action, body));
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    });

    it.each(ACTIONS)(
      '%s: 404 for a conversation of another workspace (and nothing leaked)',
      async (action, body) => {
        const res = await writesNothing(() => post(fora, CHAT_A, action, body));
        expect(res.status).toBe(404);
        expect(res.body).toEqual({
          success: false,
          error: 'Conversa não encontrada',
          code: 'CONVERSATION_NOT_FOUND',
        });
        const own = await writesNothing(() => post(owner, CHAT_OUTRA, action, body));
        expect(own.status).toBe(404);
        expect(await gw.streamTypes(streams.conversation('outra', CHAT_A))).toEqual([]);
      },
    );

    it.each(ACTIONS.filter(([a]) => a !== 'assign' && a !== 'transfer'))(
      '%s: 404 for an agent on someone else’s conversation',
      async (action, body) => {
        const res = await writesNothing(() => post(agente1, CHAT_B, action, body));
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'CONVERSATION_NOT_FOUND' });
      },
    );

    it.each(ACTIONS)('%s: 400 for an unknown body field', async (action, body) => {
      const res = await writesNothing(() => post(owner, CHAT_A, action, { ...body, userId: 'x' }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    it.each(['assign', 'transfer'])(
      '%s: an agent gets 403 and an AccessDenied audit event',
      async (action) => {
        const before = await gw.lastPosition();
        const body = action === 'assign' ? { assigneeId: 'agente1' } : { toAssigneeId: 'agente1' };
        const res = await post(agente1, CHAT_A, action, body);
        expect(res.status).toBe(403);
        expect(res.body).toEqual({
          success: false,
          error: 'Você não tem permissão para esta ação',
          code: 'FORBIDDEN',
        });
        expect(await gw.lastPosition()).toBe(before + 1);
        const audit = await gw.atende.store.readStream(streams.audit(ws));
        expect(audit.at(-1)).toMatchObject({
          type: 'AccessDenied',
          data: { userId: 'agente1', role: 'Agente', permission: 'conversations:assign' },
        });
        expect(await gw.streamTypes(streams.conversation(ws, CHAT_A))).not.toContain('ConversationAssigned');
      },
    );

    it.each([
      ['someone unknown', 'ninguem'],
      ['an inactive member', 'inativo'],
      ['a member of another workspace', 'fora'],
    ])('assign/transfer to %s: 400', async (_label, assigneeId) => {
      for (const [action, body] of [
        ['assign', { assigneeId }],
        ['transfer', { toAssigneeId: assigneeId }],
      ] as const) {
        const res = await writesNothing(() => post(owner, CHAT_A, action, body));
        expect(res.status).toBe(400);
        expect(res.body).toEqual({
          success: false,
          error: 'O responsável deve ser um membro ativo da equipe',
          code: 'ASSIGNEE_INVALID',
        });
      }
    });

    it.each([
      ['missing assigneeId', 'assign', {}],
      ['blank assigneeId', 'assign', { assigneeId: '  ' }],
      ['numeric toAssigneeId', 'transfer', { toAssigneeId: 7 }],
      ['missing rating', 'rate', {}],
      ['rating as text', 'rate', { rating: 'cinco' }],
    ])('400 for %s', async (_label, action, body) => {
      const res = await writesNothing(() => post(owner, CHAT_A, action, body));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    });

    it.each([0, 6, 3.5, -1])('rating %p: 400 with the domain text', async (rating) => {
      const res = await writesNothing(() => post(owner, CHAT_A, 'rate', { rating }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        error: 'A avaliação deve ser de 1 a 5',
        code: 'RATING_INVALID',
      });
    });

    it('unknown conversation: 404; invalid JSON: 400', async () => {
      expect((await writesNothing(() => post(owner, '000@c.us', 'pin'))).status).toBe(404);
      const invalid = await writesNothing(() =>
        gw.request('POST', url(CHAT_A, 'rate'), { cookie: owner, body: '{"rating":' }),
      );
      expect(invalid.status).toBe(400);
    });
  });

  it('an agent acts on own and unassigned conversations', async () => {
    expect((await post(agente2, CHAT_B, 'pin')).status).toBe(200);
    expect((await post(agente2, CHAT_A, 'pin')).status).toBe(200);
  });
});
