import {
  allProjections,
  dumpAllProjections,
  rebuild,
  withoutCheckpoints,
  workspaceLeftovers,
  type ReadModelDumps,
} from '@atende/projector';
import path from 'node:path';
import { FileMediaStore } from '@atende/event-store';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';
import { AUDIT_STREAM, deniedCount, signInEveryone, type Cookies } from './testing.js';

const WS = 'minha-empresa';
const WORKSPACE_STREAM = `workspace-${WS}`;

type Answer = { success: boolean; message?: string; error?: string; code?: string };

async function dumpAll(gw: GatewayHarness): Promise<ReadModelDumps> {
  await gw.atende.projector.caughtUp();
  await gw.atende.backgroundProjector.caughtUp();
  return dumpAllProjections(gw.atende.readModels);
}

describe('account API: Desativar conta permanentemente', () => {
  let gw: GatewayHarness;
  let c: Cookies;

  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
    c = await signInEveryone(gw, 'desativar');
  });
  afterAll(async () => gw.stop());

  it('refuses a wrong confirmation word (400, nothing written)', async () => {
    const before = await gw.lastPosition();
    const res = await gw.request<Answer>('POST', '/api/account/deactivate', {
      cookie: c.agent,
      body: { confirmation: 'desativar' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      error: 'Digite DESATIVAR para confirmar a desativação',
      code: 'DEACTIVATE_CONFIRMATION_MISMATCH',
    });
    for (const body of [{}, { confirmation: 'DESATIVAR', userId: 'outro' }, { confirmation: 7 }]) {
      const bad = await gw.request<Answer>('POST', '/api/account/deactivate', { cookie: c.agent, body });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
    expect(await gw.lastPosition()).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const res = await gw.request('POST', '/api/account/deactivate', { body: { confirmation: 'DESATIVAR' } });
    expect(res.status).toBe(401);
  });

  it('deactivates the signed-in account: its sessions end, it cannot sign in, the team shows it Inativo', async () => {
    const email = 'admin2-desativar@loja.com';
    const second = await gw.signInAsNewMember('admin2-desativar', 'Admin', { email });
    const otherSession = await gw.login(email, 'senha-boa-1');
    const res = await gw.request<Answer>('POST', '/api/account/deactivate', {
      cookie: second,
      body: { confirmation: ' DESATIVAR ' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Sua conta foi desativada.' });
    expect(res.headers.get('set-cookie')).toMatch(/atende_session=;.*Max-Age=0/);
    expect(await gw.streamTypes('user-admin2-desativar')).toEqual(['UserRegistered', 'UserDeactivated']);

    for (const cookie of [second, otherSession]) {
      expect((await gw.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
    }
    const login = await gw.request<Answer>('POST', '/api/auth/login', {
      body: { email, password: 'senha-boa-1' },
    });
    expect(login.status).toBe(401);
    const team = await gw.request<{ members: Array<{ id: string; status: string }> }>('GET', '/api/team', {
      cookie: c.owner,
    });
    expect(team.body.members.find((m) => m.id === 'admin2-desativar')?.status).toBe('inactive');
    // Others are untouched.
    expect((await gw.request('GET', '/api/auth/me', { cookie: c.admin })).status).toBe(200);
  });

  it('refuses the last active Owner (409, nothing written), then lets them go once there is another', async () => {
    const before = await gw.lastPosition();
    const res = await gw.request<Answer>('POST', '/api/account/deactivate', {
      cookie: c.owner,
      body: { confirmation: 'DESATIVAR' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      success: false,
      error:
        'Você é o único proprietário ativo. Torne outro membro proprietário antes de desativar a sua conta.',
      code: 'LAST_OWNER',
    });
    expect(await gw.lastPosition()).toBe(before);
    expect((await gw.request('GET', '/api/auth/me', { cookie: c.owner })).status).toBe(200);

    // An inactive Owner does not count; an active one does.
    await gw.addMember({
      userId: 'owner-inativo',
      email: 'owner-inativo@loja.com',
      password: 'senha-boa-1',
      role: 'Owner',
      status: 'inactive',
    });
    const still = await gw.request<Answer>('POST', '/api/account/deactivate', {
      cookie: c.owner,
      body: { confirmation: 'DESATIVAR' },
    });
    expect(still.status).toBe(409);
    const coOwner = await gw.signInAsNewMember('co-owner', 'Owner');
    const ok = await gw.request<Answer>('POST', '/api/account/deactivate', {
      cookie: c.owner,
      body: { confirmation: 'DESATIVAR' },
    });
    expect(ok.status).toBe(200);
    expect((await gw.request('GET', '/api/auth/me', { cookie: c.owner })).status).toBe(401);
    const demo = await gw.request('POST', '/api/auth/login', {
      body: { email: 'demo@atende.local', password: 'demo1234' },
    });
    expect(demo.status).toBe(401);
    expect((await gw.request('GET', '/api/auth/me', { cookie: coOwner })).status).toBe(200);
  });
});

describe('account API: export and Excluir todos os dados da conta', () => {
  let gw: GatewayHarness;
  let c: Cookies;
  let chatId: string;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'excluir');
    const note = await gw.request('POST', '/api/notes', {
      cookie: c.admin,
      body: { title: 'Retornar Maria', content: 'Ligar amanhã', tags: 'vip' },
    });
    expect(note.status).toBe(201);
    const email = await gw.request('POST', '/api/emails', {
      cookie: c.owner,
      body: { to: ['cliente@exemplo.com'], subject: 'Pedido 42', content: 'Seu pedido saiu para entrega.' },
    });
    expect(email.status).toBe(201);
    const saved = await gw.request('PUT', '/api/settings', {
      cookie: c.owner,
      body: { company: { website: 'https://minha.empresa' } },
    });
    expect(saved.status).toBe(200);
    const inbound = await gw.request<{ conversationId: string }>('POST', '/api/sandbox/whatsapp/inbound', {
      body: {
        sessionId: 'demo-sandbox',
        from: '5511988887777',
        name: 'Maria',
        text: 'Olá, qual o prazo?',
        providerMessageId: 'wamid-excluir-1',
      },
    });
    expect(inbound.status).toBe(200);
    chatId = inbound.body.conversationId;
    await eventually(async () => {
      const res = await gw.request<{ messages: unknown[] }>(
        'GET',
        `/api/whatsapp/messages/${encodeURIComponent(chatId)}`,
        { cookie: c.owner },
      );
      return res.body.messages?.length === 1 ? true : undefined;
    });
  });
  afterAll(async () => gw.stop());

  it("exports the workspace's data to the Owner as atende-dados.json", async () => {
    const res = await gw.request<{
      product: string;
      workspace: { id: string; name: string };
      settings: { company: { website: string } };
      team: Array<{ userId: string; role: string }>;
      notes: Array<{ title: string }>;
      emails: Array<{ subject: string }>;
      cannedReplies: Array<{ text: string }>;
      conversations: Array<{ id: string; customerName: string; messages: Array<{ content: string }> }>;
      integrations: unknown[];
    }>('GET', '/api/account/export', { cookie: c.owner });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="atende-dados.json"');
    expect(res.body.product).toBe('Atende');
    expect(res.body.workspace).toMatchObject({ id: WS, name: 'Minha Empresa' });
    expect(res.body.settings.company.website).toBe('https://minha.empresa');
    expect(res.body.team.map((m) => m.role).sort()).toEqual(['Admin', 'Agente', 'Owner', 'Supervisor']);
    expect(res.body.notes.map((n) => n.title)).toEqual(['Retornar Maria']);
    expect(res.body.emails.map((e) => e.subject)).toEqual(['Pedido 42']);
    expect(res.body.cannedReplies.length).toBeGreaterThanOrEqual(5); // the defaults the workspace starts with
    expect(res.body.cannedReplies[0]!.text).toEqual(expect.any(String));
    const conversation = res.body.conversations.find((x) => x.id === chatId);
    expect(conversation?.customerName).toBe('Maria');
    expect(conversation?.messages.map((m) => m.content)).toEqual(['Olá, qual o prazo?']);
  });

  it('refuses the export and the deletion to anyone but the Owner (403, only the audit is written)', async () => {
    for (const cookie of [c.admin, c.supervisor, c.agent]) {
      const denied = await deniedCount(gw);
      const before = await gw.lastPosition();
      const del = await gw.request('POST', '/api/account/delete-data', {
        cookie,
        body: { confirmation: 'EXCLUIR' },
      });
      expect(del.status).toBe(403);
      expect((await gw.request('GET', '/api/account/export', { cookie })).status).toBe(403);
      expect(await deniedCount(gw)).toBe(denied + 2);
      expect(await gw.lastPosition()).toBe(before + 2);
    }
    expect(await gw.streamTypes(WORKSPACE_STREAM)).not.toContain('WorkspaceDataDeleted');
    expect((await gw.streamTypes(AUDIT_STREAM)).every((t) => t === 'AccessDenied')).toBe(true);
    expect((await gw.request('GET', '/api/auth/me', { cookie: c.admin })).status).toBe(200);
  });

  it('refuses a wrong confirmation word or extra fields (400, nothing written)', async () => {
    const before = await gw.lastPosition();
    const wrong = await gw.request<Answer>('POST', '/api/account/delete-data', {
      cookie: c.owner,
      body: { confirmation: 'Minha Empresa' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({
      success: false,
      error: 'Digite EXCLUIR para confirmar a exclusão',
      code: 'DELETE_CONFIRMATION_MISMATCH',
    });
    const extra = await gw.request<Answer>('POST', '/api/account/delete-data', {
      cookie: c.owner,
      body: { confirmation: 'EXCLUIR', workspaceId: 'outra' },
    });
    expect(extra.status).toBe(400);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('deletes: the read models hold nothing of it, sessions end, login fails, a replay agrees', async () => {
    const foreignBefore = await gw.request<{ settings: unknown }>('GET', '/api/settings', {
      cookie: c.foreign,
    });
    expect(foreignBefore.status).toBe(200);
    expect(workspaceLeftovers(await dumpAll(gw), WS).length).toBeGreaterThan(10);
    // A photo the customer sent, where the WhatsApp driver stores it.
    const media = new FileMediaStore({ root: path.join(gw.dataDir, 'media') });
    const photo = 'demo-sandbox/foto-do-cliente.jpg';
    await media.put(WS, photo, Buffer.from('foto do cliente'), 'image/jpeg');

    const res = await gw.request<Answer>('POST', '/api/account/delete-data', {
      cookie: c.owner,
      body: { confirmation: 'EXCLUIR' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Todos os dados da conta foram excluídos.' });
    expect(res.headers.get('set-cookie')).toMatch(/atende_session=;.*Max-Age=0/);
    expect((await gw.streamTypes(WORKSPACE_STREAM)).at(-1)).toBe('WorkspaceDataDeleted');

    for (const cookie of [c.owner, c.admin, c.supervisor, c.agent]) {
      expect((await gw.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
      expect((await gw.request('GET', '/api/settings', { cookie })).status).toBe(401);
    }
    const login = await gw.request('POST', '/api/auth/login', {
      body: { email: 'demo@atende.local', password: 'demo1234' },
    });
    expect(login.status).toBe(401);

    // The channel worker logs the paired phone out and erases the workspace's events from the log:
    // only the record of the deletion stays.
    const workspaceTypes = async () => {
      const types: string[] = [];
      for await (const e of gw.atende.store.readAll()) if (e.metadata.workspaceId === WS) types.push(e.type);
      return types;
    };
    await eventually(async () => ((await workspaceTypes()).length === 1 ? true : undefined));
    expect(await workspaceTypes()).toEqual(['WorkspaceDataDeleted']);
    expect(await new FileMediaStore({ root: path.join(gw.dataDir, 'media') }).get(WS, photo)).toBeUndefined();
    expect(await gw.streamTypes(`conversation-${WS}-${chatId}`)).toEqual([]);
    expect(await gw.streamTypes('channel-demo-sandbox')).toEqual([]);
    const late = await gw.request<Answer>('POST', '/api/sandbox/whatsapp/inbound', {
      body: { sessionId: 'demo-sandbox', from: '5511977776666', text: 'Oi?' },
    });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SANDBOX_SESSION_NOT_CONNECTED');

    const live = await dumpAll(gw);
    expect(workspaceLeftovers(live, WS)).toEqual([]);
    // Another workspace is untouched.
    const foreignAfter = await gw.request('GET', '/api/settings', { cookie: c.foreign });
    expect(foreignAfter.body).toEqual(foreignBefore.body);

    // Rebuilt from the log, the read models are the same.
    await rebuild({ store: gw.atende.store, readModels: gw.atende.readModels, projections: allProjections });
    expect(withoutCheckpoints(await dumpAll(gw))).toEqual(withoutCheckpoints(live));
  });
});
