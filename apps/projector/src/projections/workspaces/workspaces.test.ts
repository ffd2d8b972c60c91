import type { WorkspaceSettings } from '@atende/events';
import { defaultWorkspaceSettings } from '@atende/events';
import { TestLog, project, expectReplayStable } from '../../testing/test-log.js';
import {
  conversationAllowance,
  getUsage,
  getWorkspace,
  listIntegrations,
  maskSecret,
  workspacesProjection,
  workspacesWithIntegration,
} from './index.js';

function create(log: TestLog, ws = 'w1') {
  return log.append(
    `workspace-${ws}`,
    {
      type: 'WorkspaceCreated',
      data: {
        workspaceId: ws,
        name: 'Minha Empresa',
        ownerId: 'owner',
        trialStartedAt: '2026-11-01T00:00:00.000Z',
        trialDays: 7,
      },
    },
    { workspaceId: ws, actorId: 'owner', at: '2026-11-01T00:00:01.000Z' },
  );
}

const newSettings: WorkspaceSettings = {
  ...defaultWorkspaceSettings('Minha Empresa'),
  appearance: { theme: 'dark', language: 'en-US', timezone: 'Europe/London' },
};

describe('workspaces projection', () => {
  it('creates a workspace with default settings and changes them', async () => {
    const log = new TestLog();
    create(log);
    let view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect(await getWorkspace(view, 'w1')).toEqual({
      workspaceId: 'w1',
      name: 'Minha Empresa',
      ownerId: 'owner',
      trialStartedAt: '2026-11-01T00:00:00.000Z',
      trialDays: 7,
      plan: null,
      settings: defaultWorkspaceSettings('Minha Empresa'),
      createdAt: '2026-11-01T00:00:01.000Z',
    });
    log.append('workspace-w1', { type: 'WorkspaceSettingsChanged', data: { settings: newSettings } });
    view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect((await getWorkspace(view, 'w1'))?.settings).toEqual(newSettings);
    expect(await getWorkspace(view, 'w2')).toBeUndefined();
  });

  it('lists all six integrations in order, configured and disconnected', async () => {
    const log = new TestLog();
    create(log);
    const at = (t: string) => ({ workspaceId: 'w1', at: t });
    log.append(
      'workspace-w1',
      {
        type: 'IntegrationConfigured',
        data: { integrationType: 'email', config: { 'SMTP Server': 'smtp.x.com' } },
      },
      at('2026-11-02T10:00:00.000Z'),
    );
    log.append(
      'workspace-w1',
      { type: 'IntegrationConfigured', data: { integrationType: 'email', config: { Email: 'a@x.com' } } },
      at('2026-11-02T11:00:00.000Z'),
    );
    log.append(
      'workspace-w1',
      { type: 'IntegrationConfigured', data: { integrationType: 'telegram', config: { 'Bot Token': 't' } } },
      at('2026-11-02T12:00:00.000Z'),
    );
    log.append(
      'workspace-w1',
      { type: 'IntegrationDisconnected', data: { integrationType: 'telegram' } },
      at('2026-11-02T13:00:00.000Z'),
    );
    const view = (await project(workspacesProjection, log.events)).view('workspaces');
    const list = await listIntegrations(view, 'w1');
    expect(list.map((i) => i.type)).toEqual([
      'whatsapp',
      'telegram',
      'messenger',
      'instagram',
      'email',
      'website',
    ]);
    expect(list[0]).toEqual({
      workspaceId: 'w1',
      type: 'whatsapp',
      status: 'disconnected',
      config: {},
      connectedAt: null,
      updatedAt: null,
    });
    expect(list[1]).toEqual({
      workspaceId: 'w1',
      type: 'telegram',
      status: 'disconnected',
      config: {},
      connectedAt: null,
      updatedAt: '2026-11-02T13:00:00.000Z',
    });
    expect(list[4]).toEqual({
      workspaceId: 'w1',
      type: 'email',
      status: 'connected',
      config: { Email: 'a@x.com' },
      connectedAt: '2026-11-02T10:00:00.000Z',
      updatedAt: '2026-11-02T11:00:00.000Z',
    });
    expect((await view.dump()).indexes).toEqual({
      'ws:w1:integrations': [
        { id: 'telegram', score: 1 },
        { id: 'email', score: 4 },
      ],
      'integration:email:connected': [{ id: 'w1', score: 0 }],
    });
    expect((await listIntegrations(view, 'w9')).every((i) => i.status === 'disconnected')).toBe(true);
  });

  it("keeps how the card's servers answered until it is saved again or disconnected", async () => {
    const log = new TestLog();
    create(log);
    const ws = { workspaceId: 'w1', at: '2026-11-02T10:00:00.000Z' };
    const card = {
      type: 'IntegrationConfigured',
      data: { integrationType: 'email', config: { Email: 'a@x.com' } },
    } as const;
    log.append('workspace-w1', card, ws);
    const health = (server: 'smtp' | 'imap', reachable: boolean, error: string | null) =>
      log.append(
        'workspace-w1',
        { type: 'IntegrationHealthReported', data: { integrationType: 'email', server, reachable, error } },
        ws,
      );
    health('imap', false, 'Servidor IMAP inacessível');
    health('smtp', false, 'Servidor SMTP inacessível');
    health('smtp', true, null);
    let view = (await project(workspacesProjection, log.events)).view('workspaces');
    const email = async () => (await listIntegrations(view, 'w1')).find((i) => i.type === 'email')!;
    expect((await email()).health).toEqual({
      imap: { reachable: false, error: 'Servidor IMAP inacessível', at: '2026-11-02T10:00:00.000Z' },
      smtp: { reachable: true, error: null, at: '2026-11-02T10:00:00.000Z' },
    });
    log.append('workspace-w1', card, ws);
    view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect((await email()).health).toBeUndefined();
    health('imap', false, 'x');
    log.append('workspace-w1', { type: 'IntegrationDisconnected', data: { integrationType: 'email' } }, ws);
    view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect((await email()).health).toBeUndefined();
    await expectReplayStable(workspacesProjection, log.events);
  });

  it('lists the workspaces whose integration of a type is connected, deployment-wide', async () => {
    const log = new TestLog();
    for (const ws of ['w1', 'w2', 'w3']) {
      create(log, ws);
      log.append(
        `workspace-${ws}`,
        {
          type: 'IntegrationConfigured',
          data: { integrationType: 'email', config: { Email: `a@${ws}.com` } },
        },
        { workspaceId: ws },
      );
    }
    log.append(
      'workspace-w2',
      { type: 'IntegrationDisconnected', data: { integrationType: 'email' } },
      { workspaceId: 'w2' },
    );
    const view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect(await workspacesWithIntegration(view, 'email')).toEqual({
      workspaceIds: ['w1', 'w3'],
      asOf: log.events.at(-1)!.globalPosition,
    });
    expect((await workspacesWithIntegration(view, 'telegram')).workspaceIds).toEqual([]);
    await expectReplayStable(workspacesProjection, log.events);
  });

  it('skips events about a missing workspace or integration', async () => {
    const log = new TestLog();
    log.append('workspace-w1', { type: 'WorkspaceSettingsChanged', data: { settings: newSettings } });
    log.append('workspace-w1', {
      type: 'IntegrationConfigured',
      data: { integrationType: 'website', config: { 'Website URL': 'https://x.com' } },
    });
    log.append('workspace-w1', { type: 'IntegrationDisconnected', data: { integrationType: 'website' } });
    create(log);
    log.append('workspace-w1', { type: 'IntegrationDisconnected', data: { integrationType: 'whatsapp' } });
    const view = (await project(workspacesProjection, log.events)).view('workspaces');
    const dump = await view.dump();
    expect(Object.keys(dump.docs)).toEqual(['workspace']);
    expect(dump.indexes).toEqual({});
    expect((await getWorkspace(view, 'w1'))?.settings).toEqual(defaultWorkspaceSettings('Minha Empresa'));
  });

  it('keeps integration secrets only masked, never their values', async () => {
    const log = new TestLog();
    create(log);
    const token = 'EAAG-token-secreto-1234567890';
    log.append('workspace-w1', {
      type: 'IntegrationConfigured',
      data: {
        integrationType: 'whatsapp',
        config: { 'Phone Number': '5511999999999', 'API Token': token, 'Webhook URL': 'https://x.com/hook' },
      },
    });
    log.append('workspace-w1', {
      type: 'IntegrationConfigured',
      data: { integrationType: 'email', config: { Email: 'a@x.com', Password: 'curta' } },
    });
    const view = (await project(workspacesProjection, log.events)).view('workspaces');
    const [whatsapp, , , , email] = await listIntegrations(view, 'w1');
    expect(whatsapp!.config).toEqual({
      'Phone Number': '5511999999999',
      'API Token': '••••7890',
      'Webhook URL': 'https://x.com/hook',
    });
    expect(email!.config).toEqual({ Email: 'a@x.com', Password: '••••' });
    const stored = JSON.stringify(await view.dump());
    expect(stored).not.toContain(token);
    expect(stored).not.toContain('secreto');
    expect(stored).not.toContain('curta');
    await expectReplayStable(workspacesProjection, log.events);
  });

  it('masks a secret once: a masked value masks to itself', () => {
    expect(maskSecret('abcdefghij')).toBe('••••ghij');
    expect(maskSecret('abcdefgh')).toBe('••••');
    expect(maskSecret('••••ghij')).toBe('••••ghij');
    expect(maskSecret('••••')).toBe('••••');
    expect(maskSecret('••••abcdefgh')).toBe('••••efgh');
  });

  it('keeps the plan and counts conversations started per month (Brasília time), over-limit ones apart', async () => {
    const log = new TestLog();
    create(log);
    log.append('workspace-w1', {
      type: 'WorkspacePlanChanged',
      data: { plan: 'starter', previousPlan: null },
    });
    const start = (chat: string, at: string, overLimit = false) => {
      log.append(
        `conversation-w1-${chat}`,
        {
          type: 'ConversationStarted',
          data: {
            chatId: chat,
            sessionId: 's1',
            channel: 'whatsapp',
            customerId: '55119',
            customerName: 'C',
            type: 'private',
          },
        },
        { workspaceId: 'w1', at },
      );
      if (overLimit) {
        log.append(
          `conversation-w1-${chat}`,
          { type: 'ConversationOverPlanLimit', data: { month: '2026-11', plan: 'starter', limit: 1000 } },
          { workspaceId: 'w1', at },
        );
      }
    };
    start('a@c.us', '2026-11-10T12:00:00.000Z');
    start('b@c.us', '2026-12-01T02:00:00.000Z', true); // 23:00 on 30 Nov in Brasília
    start('c@c.us', '2026-12-01T03:00:00.000Z'); // December
    const view = (await project(workspacesProjection, log.events)).view('workspaces');
    expect((await getWorkspace(view, 'w1'))?.plan).toBe('starter');
    expect(await getUsage(view, 'w1', '2026-11')).toEqual({
      workspaceId: 'w1',
      month: '2026-11',
      conversationsStarted: 2,
      overLimitConversations: 1,
    });
    expect((await getUsage(view, 'w1', '2026-12')).conversationsStarted).toBe(1);
    expect((await getUsage(view, 'w2', '2026-11')).conversationsStarted).toBe(0);
    expect(await conversationAllowance(view, 'w1', new Date('2026-11-20T12:00:00.000Z'))).toMatchObject({
      entitlement: { status: 'subscribed', plan: 'starter' },
      month: '2026-11',
      conversationsThisMonth: 2,
    });
    expect(await conversationAllowance(view, 'nope')).toBeUndefined();
    await expectReplayStable(workspacesProjection, log.events);
  });

  it('is idempotent and batch-independent', async () => {
    const log = new TestLog();
    create(log);
    create(log, 'w2');
    log.append('workspace-w1', { type: 'WorkspaceSettingsChanged', data: { settings: newSettings } });
    log.append('workspace-w1', {
      type: 'IntegrationConfigured',
      data: { integrationType: 'whatsapp', config: { 'Phone Number': '5511999999999' } },
    });
    log.append(
      'workspace-w2',
      {
        type: 'IntegrationConfigured',
        data: { integrationType: 'instagram', config: { 'Access Token': 'tok' } },
      },
      { workspaceId: 'w2' },
    );
    log.append('workspace-w1', { type: 'IntegrationDisconnected', data: { integrationType: 'whatsapp' } });
    log.append('workspace-w1', {
      type: 'IntegrationConfigured',
      data: { integrationType: 'whatsapp', config: { 'API Token': 'x' } },
    });
    await expectReplayStable(workspacesProjection, log.events);
  });
});
