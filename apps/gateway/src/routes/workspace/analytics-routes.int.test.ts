import { atendeRegistry, conversationDecider, handleCommand, newId, streams } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { deniedCount, signInEveryone, type Cookies } from './testing.js';

type Summary = {
  success: boolean;
  period: { days: number; from: string; to: string };
  totals: { inbound: number; conversationsStarted: number };
  perDay: { day: string; inbound: number }[];
};

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
