import { atendeRegistry, streams, workspaceDecider, handleCommand } from '@atende/events';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';

/**
 * Plans and the trial over HTTP (issue 24): one test per limit. The rules themselves are decider
 * specs (libs/events: plan.test.ts, member and conversation deciders); these check that every door
 * applies them and that a refusal writes nothing.
 */
describe('plan limits over HTTP', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(async () => gw?.stop());

  const billing = async (cookie: string) =>
    (
      await gw.request<{
        billing: {
          plan: string | null;
          status: string;
          trialDaysLeft: number;
          limits: { members: number | null; conversationsPerMonth: number | null };
          usage: { activeMembers: number; conversationsStarted: number; overLimitConversations: number };
        };
      }>('GET', '/api/billing', { cookie })
    ).body.billing;

  const setPlan = async (workspaceId: string, plan: 'starter' | 'professional' | 'enterprise') => {
    const result = await handleCommand(
      { store: gw.atende.store, registry: atendeRegistry },
      workspaceDecider,
      streams.workspace(workspaceId),
      { type: 'ChangePlan', data: { plan } },
      { workspaceId, actorId: 'ops' },
    );
    await gw.atende.projector.waitForPosition(Math.max(...result.globalPositions));
  };

  it('Starter: the 4th active member is refused with PLAN_LIMIT_MEMBERS (402), nothing written; an upgrade lets it in', async () => {
    const company = await gw.createCompany({
      name: 'Loja Pequena',
      ownerEmail: 'dono@pequena.com',
      plan: 'starter',
    });
    const add = (email: string, status?: 'inactive') =>
      gw.request<{ member: { id: string } }>('POST', '/api/team', {
        cookie: company.cookie,
        body: { name: email.split('@')[0], email, ...(status ? { status } : {}) },
      });
    expect((await add('ana@pequena.com')).status).toBe(201);
    expect((await add('bia@pequena.com')).status).toBe(201);
    const before = await gw.lastPosition();
    const refused = await add('caio@pequena.com');
    expect(refused.status).toBe(402);
    expect(refused.body).toEqual({
      success: false,
      code: 'PLAN_LIMIT_MEMBERS',
      error: 'O plano Starter permite até 3 membros ativos. Faça upgrade em Assinatura para adicionar mais.',
    });
    expect(await gw.lastPosition()).toBe(before); // no account made for caio either

    // An inactive member takes no seat, but activating it does.
    const parked = await add('davi@pequena.com', 'inactive');
    expect(parked.status).toBe(201);
    const activate = await gw.request('PUT', `/api/team/${parked.body.member.id}`, {
      cookie: company.cookie,
      body: { status: 'active' },
    });
    expect(activate).toMatchObject({ status: 402, body: { code: 'PLAN_LIMIT_MEMBERS' } });
    expect(await billing(company.cookie)).toMatchObject({
      plan: 'starter',
      status: 'subscribed',
      limits: { members: 3, conversationsPerMonth: 1000 },
      usage: { activeMembers: 3 },
    });

    await setPlan(company.workspaceId, 'professional');
    expect((await add('caio@pequena.com')).status).toBe(201);
    expect((await billing(company.cookie)).usage.activeMembers).toBe(4);
  });

  it('a conversation over the monthly limit is stored and marked; answering it is refused (PLAN_LIMIT_CONVERSATIONS) until an upgrade', async () => {
    const company = await gw.createCompany({
      name: 'Loja Cheia',
      ownerEmail: 'dono@cheia.com',
      plan: 'starter',
    });
    const sessionId = await gw.connectSandboxSession(company.cookie, '5511955550000');
    // 1,000 conversations already started this month (straight to the log: the count is what matters).
    for (let i = 0; i < 1000; i++) {
      const chatId = `55119000${String(i).padStart(5, '0')}@c.us`;
      await gw.atende.store.appendToStream(streams.conversation(company.workspaceId, chatId), [
        atendeRegistry.prepare(
          {
            type: 'ConversationStarted',
            data: {
              chatId,
              sessionId,
              channel: 'whatsapp',
              customerId: chatId.split('@')[0]!,
              customerName: `Cliente ${i}`,
              type: 'private',
            },
          },
          { workspaceId: company.workspaceId },
        ),
      ]);
    }
    await gw.atende.projector.waitForPosition(await gw.lastPosition());
    expect((await billing(company.cookie)).usage).toMatchObject({
      conversationsStarted: 1000,
      overLimitConversations: 0,
    });

    // The 1,001st customer's message is never lost: stored, shown, marked over the limit.
    const inbound = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId, from: '5511977771234', name: 'Cliente Novo', text: 'Oi, vocês abrem sábado?' },
    });
    expect(inbound.status).toBe(200);
    const chatId = inbound.body.conversationId;
    const row = await eventually(async () => {
      const res = await gw.request<{
        conversations: { id: string; overLimitMonth: string | null; lastMessage: string }[];
      }>('GET', '/api/whatsapp/conversations', { cookie: company.cookie });
      return res.body.conversations.find((c) => c.id === chatId);
    });
    expect(row).toMatchObject({ lastMessage: 'Oi, vocês abrem sábado?' });
    expect(row.overLimitMonth).toMatch(/^\d{4}-\d{2}$/);
    expect(await gw.streamTypes(streams.conversation(company.workspaceId, chatId))).toEqual([
      'ConversationStarted',
      'ConversationOverPlanLimit',
      'InboundMessageReceived',
    ]);
    expect((await billing(company.cookie)).usage).toMatchObject({
      conversationsStarted: 1001,
      overLimitConversations: 1,
    });

    const before = await gw.lastPosition();
    const reply = () =>
      gw.request('POST', '/api/whatsapp/send', {
        cookie: company.cookie,
        body: { conversationId: chatId, content: 'Abrimos sim!' },
      });
    const refused = await reply();
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({ success: false, code: 'PLAN_LIMIT_CONVERSATIONS' });
    expect((refused.body as { error: string }).error).toContain(
      'Limite de 1000 conversas por mês do plano Starter',
    );
    expect(await gw.lastPosition()).toBe(before);

    await setPlan(company.workspaceId, 'professional');
    expect((await reply()).status).toBe(200);
  }, 90_000); // a thousand appends, one fsync each

  it('after the trial without a plan, sending is refused (TRIAL_ENDED, 402) and customers are still received', async () => {
    const company = await gw.createCompany({
      name: 'Loja Antiga',
      ownerEmail: 'dono@antiga.com',
      now: new Date(Date.now() - 8 * 86_400_000),
    });
    expect(await billing(company.cookie)).toMatchObject({
      plan: null,
      status: 'trial-ended',
      trialDaysLeft: 0,
    });
    const sessionId = await gw.connectSandboxSession(company.cookie, '5511955551111');
    const inbound = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId, from: '5511977775678', name: 'Cliente', text: 'Ainda atendem?' },
    });
    expect(inbound.status).toBe(200);
    await eventually(async () => {
      const res = await gw.request<{ conversations: { id: string }[] }>(
        'GET',
        '/api/whatsapp/conversations',
        {
          cookie: company.cookie,
        },
      );
      return res.body.conversations.some((c) => c.id === inbound.body.conversationId) ? true : undefined;
    });
    const before = await gw.lastPosition();
    const send = await gw.request('POST', '/api/whatsapp/send', {
      cookie: company.cookie,
      body: { conversationId: inbound.body.conversationId, content: 'Sim!' },
    });
    expect(send.status).toBe(402);
    expect(send.body).toEqual({
      success: false,
      code: 'TRIAL_ENDED',
      error: 'O período de teste terminou. Escolha um plano em Assinatura para voltar a enviar mensagens.',
    });
    // E-mail is sending too.
    const mail = await gw.request('POST', '/api/emails', {
      cookie: company.cookie,
      body: { to: 'cliente@example.com', subject: 'Pedido', content: 'Chegou?' },
    });
    expect(mail).toMatchObject({ status: 402, body: { success: false, code: 'TRIAL_ENDED' } });
    expect(await gw.lastPosition()).toBe(before);

    await setPlan(company.workspaceId, 'starter');
    expect(await billing(company.cookie)).toMatchObject({ plan: 'starter', status: 'subscribed' });
    const again = await gw.request('POST', '/api/whatsapp/send', {
      cookie: company.cookie,
      body: { conversationId: inbound.body.conversationId, content: 'Sim!' },
    });
    expect(again.status).toBe(200);
  });

  it('a new company is on a 7-day trial with the Professional limits; only its Owner reads billing', async () => {
    const company = await gw.createCompany({ name: 'Loja Nova', ownerEmail: 'dono@nova.com' });
    expect(await billing(company.cookie)).toMatchObject({
      plan: null,
      status: 'trial',
      trialDaysLeft: 7,
      limits: { members: 10, conversationsPerMonth: 5000 },
      usage: { activeMembers: 1, conversationsStarted: 0, overLimitConversations: 0 },
    });
    const added = await gw.request<{ oneTimePassword: string }>('POST', '/api/team', {
      cookie: company.cookie,
      body: { name: 'Agente', email: 'agente@nova.com' },
    });
    const agent = await gw.loginFirstTime('agente@nova.com', added.body.oneTimePassword);
    expect((await gw.request('GET', '/api/billing', { cookie: agent })).status).toBe(403);
  });
});
