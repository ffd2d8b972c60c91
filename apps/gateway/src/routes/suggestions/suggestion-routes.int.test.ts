import { newId } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { assignDirectly, conversationCommand, receiveMessage } from '../conversations/testing.js';
import { roomyAllowance } from '@atende/events/testing';

interface Suggestion {
  id: string;
  text: string;
  category: string;
  categoryLabel: string;
  confidence: number;
  source: 'canned' | 'history';
}
type SuggestionsBody = { success: boolean; suggestions: Suggestion[]; code?: string };

const TEAM_GREETING = 'Olá! Aqui é a equipe da Loja Exemplo, em que posso ajudar?';
const DELIVERY_ANSWER = 'Para o seu CEP a entrega leva 2 dias úteis pela Transportadora Veloz.';
const OTHER_WS_ANSWER = 'Na outra loja o prazo é de 10 dias.';
const CHAT_H1 = '5511988880001@c.us'; // history: delivery question answered
const CHAT_H2 = '5511988880002@c.us'; // history: greeting answered
const CHAT_NEW = '5511988880010@c.us'; // asks about delivery, no agent reply yet
const CHAT_GREET = '5511988880011@c.us'; // only says hello
const CHAT_MEDIA = '5511988880012@c.us'; // only sent a photo
const CHAT_AGENTE1 = '5511988880013@c.us'; // assigned to agente1
const CHAT_OUTRA = '5511988880019@c.us'; // in the other workspace
const CHAT_OUTRA_2 = '5511988880020@c.us'; // in the other workspace, asking the same later
const enc = encodeURIComponent;
const url = (chatId: string, query = '') => `/api/conversations/${enc(chatId)}/suggestions${query}`;

describe('GET /api/conversations/:conversationId/suggestions', () => {
  let gw: GatewayHarness;
  let ws: string;
  let owner: string;
  let agente1: string;
  let agente2: string;
  let supervisor: string;
  let fora: string;

  const reply = (workspaceId: string, chatId: string, content: string, agentId = 'agente1') =>
    conversationCommand(gw, workspaceId, chatId, {
      type: 'RequestOutboundMessage',
      data: {
        messageId: newId(),
        agentId,
        content,
        receivedAt: new Date().toISOString(),
        allowance: roomyAllowance(),
      },
    });

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    ws = gw.atende.demo.workspaceId;
    const add = (userId: string, role: 'Agente' | 'Supervisor' | 'Owner', workspaceId?: string) =>
      gw.signInAsNewMember(userId, role, workspaceId ? { workspaceId } : {});
    owner = await gw.loginDemo();
    agente1 = await add('agente1', 'Agente');
    agente2 = await add('agente2', 'Agente');
    supervisor = await add('supervisor', 'Supervisor');
    fora = await add('fora', 'Owner', 'outra');

    await receiveMessage(gw, { chatId: CHAT_H1, text: 'Oi' });
    await receiveMessage(gw, { chatId: CHAT_H1, text: 'qual o prazo de entrega?' });
    await reply(ws, CHAT_H1, DELIVERY_ANSWER);
    await reply(ws, CHAT_H1, 'Mais alguma dúvida?'); // not an answer to a customer message
    await receiveMessage(gw, { chatId: CHAT_H2, text: 'oi, tudo bem?' });
    await reply(ws, CHAT_H2, TEAM_GREETING);
    await receiveMessage(gw, { workspaceId: 'outra', chatId: CHAT_OUTRA, text: 'qual o prazo de entrega?' });
    await reply('outra', CHAT_OUTRA, OTHER_WS_ANSWER, 'fora');
    await receiveMessage(gw, { workspaceId: 'outra', chatId: CHAT_OUTRA_2, text: 'prazo de entrega?' });

    await receiveMessage(gw, { chatId: CHAT_NEW, text: 'Qual é o prazo de entrega do pedido?' });
    await receiveMessage(gw, { chatId: CHAT_GREET, text: 'Oi, boa tarde!' });
    await conversationCommand(gw, ws, CHAT_MEDIA, {
      type: 'ReceiveInboundMessage',
      data: {
        messageId: newId(),
        chatId: CHAT_MEDIA,
        sessionId: 'sessao-teste',
        providerMessageId: newId(),
        customerId: CHAT_MEDIA.split('@')[0]!,
        type: 'image',
        mediaUrl: 'https://media.example/foto.jpg',
        receivedAt: new Date().toISOString(),
      },
    });
    await receiveMessage(gw, { chatId: CHAT_AGENTE1, text: 'Preciso de ajuda' });
    await assignDirectly(gw, ws, CHAT_AGENTE1, 'agente1');
  });
  afterAll(async () => gw.stop());

  const get = (cookie: string | undefined, chatId: string, query = '') =>
    gw.request<SuggestionsBody>('GET', url(chatId, query), cookie ? { cookie } : {});

  it('ranks the team answer to a similar past question first (history), five by default', async () => {
    const res = await get(agente2, CHAT_NEW);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const { suggestions } = res.body;
    expect(suggestions).toHaveLength(5);
    expect(suggestions[0]).toEqual({
      id: expect.stringMatching(/^history:/),
      text: DELIVERY_ANSWER,
      category: 'product',
      categoryLabel: 'Produto',
      confidence: expect.any(Number),
      source: 'history',
    });
    // the canned delivery reply comes next; another workspace's answers never do
    expect(suggestions[1]).toMatchObject({
      text: 'Nosso prazo de entrega é de 3 a 5 dias úteis.',
      source: 'canned',
    });
    const labels = { greeting: 'Saudação', support: 'Suporte', product: 'Produto', other: 'Geral' };
    for (const [i, s] of suggestions.entries()) {
      expect(Object.keys(s).sort()).toEqual([
        'category',
        'categoryLabel',
        'confidence',
        'id',
        'source',
        'text',
      ]);
      expect(s.categoryLabel).toBe(labels[s.category as keyof typeof labels]);
      expect(s.confidence).toBeGreaterThanOrEqual(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
      if (i > 0) expect(s.confidence).toBeLessThanOrEqual(suggestions[i - 1]!.confidence);
      expect(s.text).not.toBe(OTHER_WS_ANSWER);
    }
  });

  it('offset pages further: the next five are all different (Gerar mais sugestões)', async () => {
    const first = (await get(agente1, CHAT_NEW)).body.suggestions;
    const next = await get(agente1, CHAT_NEW, '?count=5&offset=5');
    expect(next.status).toBe(200);
    expect(next.body.suggestions).toHaveLength(5);
    const ids = new Set(first.map((s) => s.id));
    const texts = new Set(first.map((s) => s.text));
    for (const s of next.body.suggestions) {
      expect(ids.has(s.id)).toBe(false);
      expect(texts.has(s.text)).toBe(false);
    }
    const ten = await get(agente1, CHAT_NEW, '?count=10&offset=0');
    expect(ten.body.suggestions).toEqual([...first, ...next.body.suggestions]);
    const three = await get(agente1, CHAT_NEW, '?count=3');
    expect(three.body.suggestions).toEqual(first.slice(0, 3));
    const far = await get(agente1, CHAT_NEW, '?offset=50&count=10');
    expect(far.status).toBe(200);
    expect(far.body.suggestions.length).toBeLessThanOrEqual(10);
  });

  it('a first greeting gets greeting replies first, the team own greeting among them', async () => {
    const { suggestions } = (await get(owner, CHAT_GREET)).body;
    expect(suggestions.slice(0, 3).map((s) => s.categoryLabel)).toEqual(['Saudação', 'Saudação', 'Saudação']);
    const greetings = suggestions.slice(0, 5);
    expect(greetings.every((s) => s.category === 'greeting')).toBe(true);
    expect(greetings.map((s) => s.text)).toEqual(
      expect.arrayContaining(['Boa tarde! Como posso ajudar?', TEAM_GREETING]),
    );
    expect(suggestions.map((s) => s.text)).not.toContain('Boa noite! Como posso ajudar?');
  });

  it('a conversation without customer text still gets canned suggestions, greetings first', async () => {
    const res = await get(owner, CHAT_MEDIA);
    expect(res.status).toBe(200);
    expect(res.body.suggestions).toHaveLength(5);
    expect(res.body.suggestions.every((s) => s.source === 'canned')).toBe(true);
    expect(res.body.suggestions[0]).toMatchObject({ category: 'greeting', categoryLabel: 'Saudação' });
  });

  it('learns from new replies as they are sent', async () => {
    const chat = '5511988880014@c.us';
    await receiveMessage(gw, { chatId: chat, text: 'Vocês entregam no sábado?' });
    await reply(ws, chat, 'Entregamos aos sábados até as 13h.');
    await receiveMessage(gw, { chatId: '5511988880015@c.us', text: 'entregam sabado?' });
    const { suggestions } = (await get(owner, '5511988880015@c.us')).body;
    expect(suggestions[0]).toMatchObject({ text: 'Entregamos aos sábados até as 13h.', source: 'history' });
  });

  it('401 without a session', async () => {
    const res = await get(undefined, CHAT_NEW);
    expect(res.status).toBe(401);
    expect(res.body.success).toBe(false);
  });

  it('404 for another workspace, a conversation of another agent, or an unknown one', async () => {
    for (const [cookie, chatId] of [
      [fora, CHAT_NEW],
      [owner, CHAT_OUTRA],
      [agente2, CHAT_AGENTE1],
      [owner, '5511000000000@c.us'],
    ] as const) {
      const res = await get(cookie, chatId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'CONVERSATION_NOT_FOUND' });
    }
    expect((await get(agente1, CHAT_AGENTE1)).status).toBe(200);
    expect((await get(supervisor, CHAT_AGENTE1)).status).toBe(200);
    // The other workspace learns from its own answers only (in another of its conversations).
    expect((await get(fora, CHAT_OUTRA_2)).body.suggestions[0]).toMatchObject({ text: OTHER_WS_ANSWER });
    // A conversation is never offered its own past answer back.
    const own = (await get(fora, CHAT_OUTRA)).body.suggestions.map((s) => s.text);
    expect(own).not.toContain(OTHER_WS_ANSWER);
  });

  it('400 for a malformed query', async () => {
    for (const query of [
      '?count=0',
      '?count=11',
      '?count=abc',
      '?count=2.5',
      '?count=',
      '?count=-1',
      '?offset=51',
      '?offset=-1',
      '?count=5&count=6',
      '?foo=1',
    ]) {
      const res = await get(owner, CHAT_NEW, query);
      expect([query, res.status]).toEqual([query, 400]);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('writes nothing', async () => {
    const before = await gw.lastPosition();
    await get(owner, CHAT_NEW);
    await get(agente1, CHAT_NEW, '?offset=5');
    await get(agente2, CHAT_AGENTE1);
    await get(owner, CHAT_NEW, '?count=0');
    await get(undefined, CHAT_NEW);
    // The photo's download (a background job) may record its outcome meanwhile: nothing else may be written.
    const written = await gw.atende.store.readBatch(before + 1, 100, { trusted: true });
    expect(
      written.filter((e) => !(e.type.startsWith('MessageMedia') && e.streamId.endsWith(CHAT_MEDIA))),
    ).toEqual([]);
  });
});
