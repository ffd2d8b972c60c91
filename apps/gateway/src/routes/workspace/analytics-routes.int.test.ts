import { atendeRegistry, conversationDecider, handleCommand, newId, streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { deniedCount, signInEveryone, type Cookies } from './testing.js';

type Totals = {
  inbound: number;
  outbound: number;
  conversationsStarted: number;
  resolved: number;
  ratings: number;
  ratingsByScore: number[];
  avgFirstResponseMs: number | null;
  avgRating: number | null;
};

type Summary = {
  success: boolean;
  period: { days: number; from: string; to: string };
  totals: Totals;
  previous: { from: string; to: string; totals: Totals };
  perDay: { day: string; inbound: number }[];
  perAgent: { agentId: string; name: string | null; outbound: number; resolved: number; ratings: number }[];
  recentActivity: {
    id: string;
    kind: string;
    at: string;
    customerName: string | null;
    agentId: string | null;
    agentName: string | null;
    rating: number | null;
  }[];
};

function addDaysIso(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
}

function today(timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
}

describe('analytics API', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'analise');
  });
  afterAll(async () => gw.stop());

  /** A customer message arriving in a workspace, projected into analytics. */
  async function inbound(workspaceId: string): Promise<void> {
    const chatId = `55119${Math.floor(Math.random() * 1e8)}@c.us`;
    const result = await handleCommand(
      { store: gw.atende.store, registry: atendeRegistry },
      conversationDecider,
      streams.conversation(workspaceId, chatId),
      {
        type: 'ReceiveInboundMessage',
        data: {
          messageId: newId(),
          chatId,
          sessionId: 'sessao-teste',
          providerMessageId: newId(),
          customerId: chatId.split('@')[0]!,
          customerName: 'Cliente',
          content: 'Olá!',
          receivedAt: new Date().toISOString(),
        },
      },
      { workspaceId, actorId: 'test' },
    );
    await gw.atende.backgroundProjector.waitForPosition(Math.max(...result.globalPositions));
  }

  it('answers 7 days ending today by default, counting this workspace only', async () => {
    await inbound('minha-empresa');
    await inbound('minha-empresa');
    await inbound('outra');
    const res = await gw.request<Summary>('GET', '/api/analytics', { cookie: c.supervisor });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.period).toMatchObject({ days: 7, to: today('America/Sao_Paulo') });
    expect(res.body.perDay).toHaveLength(7);
    expect(res.body.totals.inbound).toBe(2);
    expect(res.body.totals.conversationsStarted).toBe(2);
    expect(res.body.perDay.at(-1)).toMatchObject({ day: today('America/Sao_Paulo'), inbound: 2 });

    const foreign = await gw.request<Summary>('GET', '/api/analytics?period=30d', { cookie: c.foreign });
    expect(foreign.body.totals.inbound).toBe(1);
    expect(foreign.body.perDay).toHaveLength(30);
  });

  it('answers 30 and 90 days', async () => {
    const d30 = await gw.request<Summary>('GET', '/api/analytics?period=30d', { cookie: c.owner });
    expect(d30.body.period.days).toBe(30);
    const d90 = await gw.request<Summary>('GET', '/api/analytics?period=90d', { cookie: c.admin });
    expect(d90.body.perDay).toHaveLength(90);
  });

  it('refuses an Agente (403, audited) and answers 401 without a session', async () => {
    const denied = await deniedCount(gw);
    const res = await gw.request('GET', '/api/analytics', { cookie: c.agent });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await deniedCount(gw)).toBe(denied + 1);
    expect((await gw.request('GET', '/api/analytics')).status).toBe(401);
  });

  it('answers the previous period, ratings per star, agent names and the recent activity', async () => {
    const owner = c.owner;
    const me = await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie: owner });
    const ownerId = me.body.user.id;
    const inbound = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: {
        sessionId: 'demo-sandbox',
        from: '5511977770001',
        name: 'Rita Alves',
        text: 'Oi, meu pedido atrasou',
        providerMessageId: 'analytics-rita-1',
      },
    });
    expect(inbound.status).toBe(200);
    const chat = encodeURIComponent(inbound.body.conversationId);
    const sent = await gw.request('POST', '/api/whatsapp/send', {
      cookie: owner,
      body: {
        userId: ownerId,
        conversationId: inbound.body.conversationId,
        content: 'Vou verificar agora mesmo!',
        type: 'text',
        timestamp: new Date().toISOString(),
      },
    });
    expect(sent.status).toBe(200);
    expect(
      (await gw.request('POST', `/api/conversations/${chat}/rate`, { cookie: owner, body: { rating: 4 } }))
        .status,
    ).toBe(200);
    expect(
      (await gw.request('POST', `/api/conversations/${chat}/archive`, { cookie: owner, body: {} })).status,
    ).toBe(200);
    await gw.atende.backgroundProjector.waitForPosition(await gw.lastPosition());

    const res = await gw.request<Summary>('GET', '/api/analytics?period=7d', { cookie: c.supervisor });
    expect(res.status).toBe(200);
    const { totals, previous, perAgent, recentActivity } = res.body;
    expect(totals).toMatchObject({ outbound: 1, resolved: 1, ratings: 1, avgRating: 4 });
    expect(totals.ratingsByScore).toEqual([0, 0, 0, 1, 0]);
    expect(typeof totals.avgFirstResponseMs).toBe('number');
    // Nothing happened in the 7 days before.
    expect(previous.to).toBe(addDaysIso(res.body.period.from, -1));
    expect(previous.from).toBe(addDaysIso(res.body.period.from, -7));
    expect(previous.totals).toMatchObject({ inbound: 0, outbound: 0, ratingsByScore: [0, 0, 0, 0, 0] });
    expect(perAgent).toEqual([
      expect.objectContaining({ agentId: ownerId, name: 'Demo', outbound: 1, resolved: 1, ratings: 1 }),
    ]);
    expect(recentActivity.slice(0, 3).map((e) => [e.kind, e.customerName, e.agentName, e.rating])).toEqual([
      ['conversation-resolved', 'Rita Alves', 'Demo', null],
      ['conversation-rated', 'Rita Alves', 'Demo', 4],
      ['conversation-started', 'Rita Alves', null, null],
    ]);
    expect(new Set(recentActivity.map((e) => e.id)).size).toBe(recentActivity.length);
    expect(Date.parse(recentActivity[0]!.at)).not.toBeNaN();

    // Another workspace sees none of it.
    const foreign = await gw.request<Summary>('GET', '/api/analytics', { cookie: c.foreign });
    expect(foreign.body.recentActivity.map((e) => e.customerName)).not.toContain('Rita Alves');
    expect(foreign.body.perAgent).toEqual([]);
  });

  it.each(['period=14d', 'period=', 'period=7d&period=30d', 'days=7'])(
    'refuses the query %s with 400, writing nothing',
    async (query) => {
      const before = await gw.lastPosition();
      const res = await gw.request('GET', `/api/analytics?${query}`, { cookie: c.owner });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(await gw.lastPosition()).toBe(before);
    },
  );
});
