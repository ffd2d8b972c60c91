import { DEFAULT_CANNED_REPLIES, atendeRegistry, defaultCannedReplyId, newId } from '@atende/events';
import { seedDefaultCannedReplies } from '../../bootstrap/seed-canned-replies.js';
import { GatewayHarness } from '../../testing/harness.js';
import { conversationCommand, receiveMessage } from '../conversations/testing.js';
import type { CannedReplyView } from './canned-replies-routes.js';
import { FOREIGN_WORKSPACE, deniedCount, signInEveryone, type Cookies } from './testing.js';
import { roomyAllowance } from '@atende/events/testing';

type ReplyAnswer = { success: boolean; cannedReply: CannedReplyView; message: string };
type ListAnswer = { success: boolean; cannedReplies: CannedReplyView[] };
type SuggestionsAnswer = {
  suggestions: { id: string; text: string; source: string; categoryLabel: string }[];
};

describe('canned replies API (Respostas prontas)', () => {
  let gw: GatewayHarness;
  let c: Cookies;
  let ws: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'respostas');
    ws = gw.atende.demo.workspaceId;
  });
  afterAll(async () => gw.stop());

  const list = async (cookie: string) => {
    const res = await gw.request<ListAnswer>('GET', '/api/canned-replies', { cookie });
    expect(res.status).toBe(200);
    return res.body.cannedReplies;
  };
  async function create(cookie: string, body: Record<string, unknown>) {
    const res = await gw.request<ReplyAnswer>('POST', '/api/canned-replies', { cookie, body });
    expect(res.status).toBe(201);
    return res.body.cannedReply;
  }

  it("a workspace starts with Atende's default replies, as its own and in their order", async () => {
    const replies = await list(c.agent);
    expect(replies.map((r) => r.text)).toEqual(DEFAULT_CANNED_REPLIES.map((d) => d.text));
    expect(replies[0]).toEqual({
      id: defaultCannedReplyId(ws, 'saudacao-contato'),
      text: 'Olá! Obrigado por entrar em contato. Como posso ajudar?',
      category: 'greeting',
      categoryLabel: 'Saudação',
      keywords: DEFAULT_CANNED_REPLIES[0]!.keywords,
      createdBy: 'system',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(new Set(replies.map((r) => r.categoryLabel))).toEqual(
      new Set(['Saudação', 'Suporte', 'Produto', 'Geral']),
    );
    // Another workspace has copies of its own (other ids), not the demo's.
    const foreign = await list(c.foreign);
    expect(foreign.map((r) => r.text)).toEqual(replies.map((r) => r.text));
    expect(foreign[0]!.id).toBe(defaultCannedReplyId(FOREIGN_WORKSPACE, 'saudacao-contato'));
    expect(foreign.some((r) => replies.some((mine) => mine.id === r.id))).toBe(false);
  });

  it('seeding again adds nothing', async () => {
    const before = await gw.lastPosition();
    const deps = { store: gw.atende.store, registry: atendeRegistry };
    expect(await seedDefaultCannedReplies(deps, ws)).toBe(0);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('an Admin creates a reply: trimmed, keywords on one line, listed last, its own stream', async () => {
    const before = await gw.lastPosition();
    const res = await gw.request<ReplyAnswer>('POST', '/api/canned-replies', {
      cookie: c.admin,
      body: {
        text: '  Enviamos pelos Correios.  ',
        category: 'product',
        keywords: ' correios \n sedex  pac ',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: 'Resposta pronta salva com sucesso!',
      cannedReply: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        text: 'Enviamos pelos Correios.',
        category: 'product',
        categoryLabel: 'Produto',
        keywords: 'correios sedex pac',
        createdBy: expect.stringMatching(/^admin-/),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const { id } = res.body.cannedReply;
    expect(await gw.lastPosition()).toBe(before + 1);
    expect(await gw.streamTypes(`cannedreply-${id}`)).toEqual(['CannedReplyCreated']);
    const [event] = await gw.atende.store.readStream(`cannedreply-${id}`);
    expect(event!.metadata.workspaceId).toBe(ws);
    const replies = await list(c.supervisor);
    expect(replies.at(-1)).toEqual(res.body.cannedReply);
    // Without keywords: none.
    expect(await create(c.owner, { text: 'Até logo!', category: 'other' })).toMatchObject({ keywords: '' });
  });

  it('the Owner edits a reply (keywords kept when left out) and deletes it', async () => {
    const reply = await create(c.owner, {
      text: 'Frete grátis acima de R$ 200.',
      category: 'product',
      keywords: 'frete',
    });
    const res = await gw.request<ReplyAnswer>('PUT', `/api/canned-replies/${reply.id}`, {
      cookie: c.owner,
      body: { text: 'Frete grátis acima de R$ 150.', category: 'support' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Resposta pronta atualizada com sucesso!',
      cannedReply: {
        id: reply.id,
        text: 'Frete grátis acima de R$ 150.',
        category: 'support',
        categoryLabel: 'Suporte',
        keywords: 'frete',
        createdAt: reply.createdAt,
      },
    });
    // The same again changes nothing.
    const before = await gw.lastPosition();
    const again = await gw.request<ReplyAnswer>('PUT', `/api/canned-replies/${reply.id}`, {
      cookie: c.owner,
      body: { text: 'Frete grátis acima de R$ 150.', category: 'support', keywords: 'frete' },
    });
    expect(again.status).toBe(200);
    expect(await gw.lastPosition()).toBe(before);

    const deleted = await gw.request('DELETE', `/api/canned-replies/${reply.id}`, { cookie: c.admin });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Resposta pronta excluída com sucesso!' });
    expect((await list(c.owner)).map((r) => r.id)).not.toContain(reply.id);
    expect(await gw.streamTypes(`cannedreply-${reply.id}`)).toEqual([
      'CannedReplyCreated',
      'CannedReplyUpdated',
      'CannedReplyDeleted',
    ]);
    const gone = await gw.request('DELETE', `/api/canned-replies/${reply.id}`, { cookie: c.admin });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({
      success: false,
      error: 'Resposta pronta não encontrada',
      code: 'NOT_FOUND',
    });
  });

  it('an Agente or a Supervisor reads them but may not change them (403, audited, nothing else written)', async () => {
    const [reply] = await list(c.agent);
    for (const cookie of [c.agent, c.supervisor]) {
      for (const [method, path, body] of [
        ['POST', '/api/canned-replies', { text: 'Oi', category: 'greeting' }],
        ['PUT', `/api/canned-replies/${reply!.id}`, { text: 'Oi', category: 'greeting' }],
        ['DELETE', `/api/canned-replies/${reply!.id}`, undefined],
      ] as const) {
        const denied = await deniedCount(gw);
        const before = await gw.lastPosition();
        const res = await gw.request(method, path, { cookie, ...(body ? { body } : {}) });
        expect([method, res.status]).toEqual([method, 403]);
        expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
        expect(await deniedCount(gw)).toBe(denied + 1);
        expect(await gw.lastPosition()).toBe(before + 1);
      }
    }
    expect((await list(c.agent))[0]).toEqual(reply);
  });

  it.each([
    [
      'a blank text',
      { text: '  \n ', category: 'other' },
      'CANNED_REPLY_TEXT_REQUIRED',
      'O texto da resposta é obrigatório',
    ],
    ['no text', { category: 'other' }, 'VALIDATION_ERROR', 'Campo obrigatório: Texto'],
    [
      'a text over 1000 characters',
      { text: 'a'.repeat(1001), category: 'other' },
      'VALIDATION_ERROR',
      'Dados inválidos em Texto: deve ter no máximo 1000 caracteres',
    ],
    [
      'keywords over 500 characters',
      { text: 'Oi', category: 'other', keywords: 'k'.repeat(501) },
      'VALIDATION_ERROR',
      'Dados inválidos em Palavras-chave: deve ter no máximo 500 caracteres',
    ],
    [
      'an unknown category',
      { text: 'Oi', category: 'vendas' },
      'VALIDATION_ERROR',
      'Dados inválidos em Categoria: deve ser um de: greeting, support, product, other',
    ],
    [
      'an unknown field',
      { text: 'Oi', category: 'other', autor: 'x' },
      'VALIDATION_ERROR',
      'Campo não permitido: autor',
    ],
  ])('refuses %s (400 in pt-BR, nothing written)', async (_label, body, code, error) => {
    const [reply] = await list(c.owner);
    for (const [method, path] of [
      ['POST', '/api/canned-replies'],
      ['PUT', `/api/canned-replies/${reply!.id}`],
    ] as const) {
      const before = await gw.lastPosition();
      const res = await gw.request(method, path, { cookie: c.owner, body });
      expect([method, res.status]).toEqual([method, 400]);
      expect(res.body).toEqual({ success: false, error, code });
      expect(await gw.lastPosition()).toBe(before);
    }
  });

  it("another workspace's reply, or an unknown one, is not found; no session is 401", async () => {
    const [demoReply] = await list(c.owner);
    const before = await gw.lastPosition();
    for (const [cookie, id] of [
      [c.foreign, demoReply!.id],
      [c.owner, defaultCannedReplyId(FOREIGN_WORKSPACE, 'saudacao-contato')],
      [c.owner, 'nao-existe'],
    ] as const) {
      const put = await gw.request('PUT', `/api/canned-replies/${id}`, {
        cookie,
        body: { text: 'Invadido', category: 'other' },
      });
      expect(put.status).toBe(404);
      const del = await gw.request('DELETE', `/api/canned-replies/${id}`, { cookie });
      expect(del.status).toBe(404);
    }
    expect(await gw.lastPosition()).toBe(before);
    expect((await list(c.owner))[0]).toEqual(demoReply);
    expect((await gw.request('GET', '/api/canned-replies')).status).toBe(401);
    expect(
      (await gw.request('POST', '/api/canned-replies', { body: { text: 'Oi', category: 'other' } })).status,
    ).toBe(401);
    expect((await gw.request('GET', '/api/canned-replies?x=1', { cookie: c.owner })).status).toBe(400);
  });

  describe('and the suggestions strip', () => {
    const chat = '5511977770001@c.us';
    const suggestions = async (chatId: string, query = '') =>
      (
        await gw.request<SuggestionsAnswer>(
          'GET',
          `/api/conversations/${encodeURIComponent(chatId)}/suggestions${query}`,
          { cookie: c.owner },
        )
      ).body.suggestions;

    it('offers what the team created, edited, and nothing it deleted', async () => {
      await receiveMessage(gw, { chatId: chat, text: 'Vocês fazem embrulho para presente?' });
      const reply = await create(c.admin, {
        text: 'Sim! O embrulho para presente é gratuito.',
        category: 'product',
        keywords: 'embrulho presente papel laço',
      });
      expect((await suggestions(chat))[0]).toMatchObject({
        id: `canned:${reply.id}`,
        text: 'Sim! O embrulho para presente é gratuito.',
        source: 'canned',
        categoryLabel: 'Produto',
      });
      await gw.request('PUT', `/api/canned-replies/${reply.id}`, {
        cookie: c.owner,
        body: { text: 'Sim! Embrulhamos para presente por R$ 5.', category: 'other' },
      });
      expect((await suggestions(chat))[0]).toMatchObject({
        text: 'Sim! Embrulhamos para presente por R$ 5.',
        categoryLabel: 'Geral',
      });
      await gw.request('DELETE', `/api/canned-replies/${reply.id}`, { cookie: c.owner });
      const after = await suggestions(chat, '?count=10');
      expect(after.map((s) => s.text)).not.toContain('Sim! Embrulhamos para presente por R$ 5.');
    });

    it('once the team deleted every reply: past answers only, fewer than five', async () => {
      for (const reply of await list(c.owner)) {
        const res = await gw.request('DELETE', `/api/canned-replies/${reply.id}`, { cookie: c.owner });
        expect(res.status).toBe(200);
      }
      expect(await list(c.owner)).toEqual([]);
      // A deleted default is not brought back by seeding again.
      const deps = { store: gw.atende.store, registry: atendeRegistry };
      expect(await seedDefaultCannedReplies(deps, ws)).toBe(0);
      expect(await list(c.owner)).toEqual([]);
      expect(await suggestions(chat)).toEqual([]);

      await conversationCommand(gw, ws, chat, {
        type: 'RequestOutboundMessage',
        data: {
          messageId: newId(),
          agentId: 'agente',
          content: 'Fazemos sim, com papel kraft.',
          receivedAt: new Date().toISOString(),
          allowance: roomyAllowance(),
        },
      });
      const other = '5511977770002@c.us';
      await receiveMessage(gw, { chatId: other, text: 'tem embrulho de presente?' });
      expect(await suggestions(other)).toEqual([
        expect.objectContaining({
          text: 'Fazemos sim, com papel kraft.',
          source: 'history',
          categoryLabel: 'Geral',
        }),
      ]);
      // Another workspace keeps its own replies.
      expect((await list(c.foreign)).length).toBe(DEFAULT_CANNED_REPLIES.length);
    });
  });
});
