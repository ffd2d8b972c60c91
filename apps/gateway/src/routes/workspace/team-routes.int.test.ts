import { GatewayHarness } from '../../testing/harness.js';
import type { TeamMember } from './team-routes.js';
import { AUDIT_STREAM, deniedCount, signInEveryone, type Cookies } from './testing.js';

type MemberAnswer = {
  success: boolean;
  member: TeamMember;
  oneTimePassword?: string | null;
  message?: string;
};
type ListAnswer = { success: boolean; members: TeamMember[] };

describe('team API', () => {
  let gw: GatewayHarness;
  let c: Cookies;
  let ownerId: string;
  let n = 0;

  beforeAll(async () => {
    gw = await GatewayHarness.start();
    c = await signInEveryone(gw, 'equipe');
    ownerId = gw.atende.demo.ownerId;
  });
  afterAll(async () => gw.stop());

  const uniqueEmail = () => `pessoa${(n += 1)}@loja.com`;

  async function add(cookie: string, body: Record<string, unknown>) {
    const res = await gw.request<MemberAnswer>('POST', '/api/team', { cookie, body });
    expect(res.status).toBe(201);
    return res.body;
  }

  it('lists members with name, e-mail, role, status and last activity (Supervisor may read)', async () => {
    const res = await gw.request<ListAnswer>('GET', '/api/team', { cookie: c.supervisor });
    expect(res.status).toBe(200);
    const owner = res.body.members.find((m) => m.id === ownerId)!;
    expect(owner).toMatchObject({
      name: 'Demo',
      email: 'demo@atende.local',
      role: 'Owner',
      status: 'active',
    });
    expect(owner).toHaveProperty('lastActive');
    expect(res.body.members.map((m) => m.role).sort()).toEqual(['Admin', 'Agente', 'Owner', 'Supervisor']);
    // Another workspace's members are not listed.
    expect(res.body.members.some((m) => m.email.startsWith('u-outra'))).toBe(false);

    const filtered = await gw.request<ListAnswer>('GET', '/api/team?role=Admin&status=active&search=ADMIN', {
      cookie: c.supervisor,
    });
    expect(filtered.body.members.map((m) => m.role)).toEqual(['Admin']);
  });

  it('adds a member with a one-time password that signs in; defaults Agente and active', async () => {
    const email = uniqueEmail();
    const before = await gw.lastPosition();
    const body = await add(c.admin, { name: ' Maria Silva ', email: email.toUpperCase() });
    expect(body).toMatchObject({
      success: true,
      member: { name: 'Maria Silva', email, role: 'Agente', status: 'active', lastActive: null },
    });
    expect(typeof body.oneTimePassword).toBe('string');
    expect(body.oneTimePassword!.length).toBeGreaterThanOrEqual(12);
    expect(await gw.lastPosition()).toBeGreaterThan(before);
    // The password is only stored hashed.
    const userEvents = await gw.atende.store.readStream(`user-${body.member.id}`);
    expect(JSON.stringify(userEvents)).not.toContain(body.oneTimePassword!);

    // A one-time password: the first sign-in sets a new one (it alone does not open a session).
    expect(
      await gw.request('POST', '/api/auth/login', { body: { email, password: body.oneTimePassword } }),
    ).toMatchObject({ status: 403, body: { success: false, code: 'PASSWORD_CHANGE_REQUIRED' } });
    const cookie = await gw.loginFirstTime(email, body.oneTimePassword!, 'minha-senha-nova');
    const me = await gw.request<{ user: { role: string; company: string } }>('GET', '/api/auth/me', {
      cookie,
    });
    expect(me.body.user).toMatchObject({ role: 'Agente', company: 'Minha Empresa' });
    const list = await gw.request<ListAnswer>('GET', '/api/team', { cookie: c.owner });
    expect(list.body.members.find((m) => m.id === body.member.id)).toMatchObject({ email });
  });

  it('refuses an e-mail already in the team (409, nothing written)', async () => {
    const before = await gw.lastPosition();
    const again = await gw.request('POST', '/api/team', {
      cookie: c.owner,
      body: { name: 'Demo 2', email: 'demo@atende.local' },
    });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, error: 'Membro já faz parte da equipe' });
    expect(await gw.lastPosition()).toBe(before);
  });

  it("adds another company's account as it is: no new account, no password shown, its password unchanged", async () => {
    await gw.signInAsNewMember('contadora-equipe', 'Owner', { workspaceId: 'escritorio-equipe' });
    const joined = await add(c.owner, { name: 'Contadora', email: 'contadora-equipe@loja.com' });
    expect(joined.member).toMatchObject({ id: 'contadora-equipe', role: 'Agente', status: 'active' });
    expect(joined.oneTimePassword).toBeNull();
    expect(await gw.streamTypes('user-contadora-equipe')).toEqual(['UserRegistered']);
    // The same password opens the account, now with both companies to choose from.
    const cookie = await gw.login('contadora-equipe@loja.com', 'senha-boa-1');
    const me = await gw.request<{ user: { workspaces: { id: string }[] } }>('GET', '/api/auth/me', {
      cookie,
    });
    expect(me.body.user.workspaces.map((w) => w.id).sort()).toEqual(['escritorio-equipe', 'minha-empresa']);
  });

  it('only an Owner may add an Owner (403 and an audited denial for an Admin)', async () => {
    const before = await gw.lastPosition();
    const denied = await deniedCount(gw);
    const res = await gw.request('POST', '/api/team', {
      cookie: c.admin,
      body: { name: 'Dono', email: uniqueEmail(), role: 'Owner' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await deniedCount(gw)).toBe(denied + 1);
    const audit = await gw.atende.store.readStream(AUDIT_STREAM);
    expect(audit.at(-1)!.data).toMatchObject({
      permission: 'owners:manage',
      method: 'POST',
      path: '/api/team',
    });
    // Only the audit event was written.
    expect(await gw.lastPosition()).toBe(before + 1);

    const owner = await add(c.owner, { name: 'Sócia', email: uniqueEmail(), role: 'Owner' });
    expect(owner.member.role).toBe('Owner');
  });

  it('denies team reads to an Agente and team changes to a Supervisor, auditing each', async () => {
    const cases: [string, string, string, unknown][] = [
      [c.agent, 'GET', '/api/team', undefined],
      [c.supervisor, 'POST', '/api/team', { name: 'X', email: 'x@loja.com' }],
      [c.supervisor, 'PUT', `/api/team/${ownerId}`, { name: 'X' }],
      [c.supervisor, 'DELETE', `/api/team/${ownerId}`, undefined],
      [c.agent, 'DELETE', `/api/team/${ownerId}`, undefined],
    ];
    for (const [cookie, method, path, body] of cases) {
      const denied = await deniedCount(gw);
      const res = await gw.request(method, path, { cookie, ...(body ? { body } : {}) });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 403 });
      expect(await deniedCount(gw)).toBe(denied + 1);
    }
  });

  it('answers 401 without a session', async () => {
    expect((await gw.request('GET', '/api/team')).status).toBe(401);
    expect((await gw.request('POST', '/api/team', { body: { name: 'a', email: 'a@b.com' } })).status).toBe(
      401,
    );
    expect((await gw.request('PUT', `/api/team/${ownerId}`, { body: { name: 'a' } })).status).toBe(401);
    expect((await gw.request('DELETE', `/api/team/${ownerId}`)).status).toBe(401);
  });

  it('edits name, e-mail, role and status; persisted', async () => {
    const { member } = await add(c.admin, { name: 'Edu', email: uniqueEmail() });
    const email = uniqueEmail();
    const res = await gw.request<MemberAnswer>('PUT', `/api/team/${member.id}`, {
      cookie: c.admin,
      body: { name: 'Eduardo', email, role: 'Supervisor' },
    });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ name: 'Eduardo', email, role: 'Supervisor', status: 'active' });
    const list = await gw.request<ListAnswer>('GET', '/api/team', { cookie: c.owner });
    expect(list.body.members.find((m) => m.id === member.id)).toMatchObject({
      name: 'Eduardo',
      role: 'Supervisor',
    });
    expect(await gw.streamTypes(`member-minha-empresa-${member.id}`)).toEqual([
      'MemberAdded',
      'MemberDetailsChanged',
      'MemberRoleChanged',
    ]);
  });

  it('deactivating a member ends their sessions; they cannot sign in until reactivated', async () => {
    const email = uniqueEmail();
    const added = await add(c.admin, { name: 'Temp', email });
    const cookie = await gw.loginFirstTime(email, added.oneTimePassword!, 'senha-da-temp-1');
    expect((await gw.request('GET', '/api/notes', { cookie })).status).toBe(200);
    const res = await gw.request<MemberAnswer>('PUT', `/api/team/${added.member.id}`, {
      cookie: c.admin,
      body: { status: 'inactive' },
    });
    expect(res.status).toBe(200);
    expect(res.body.member.status).toBe('inactive');
    expect((await gw.request('GET', '/api/notes', { cookie })).status).toBe(401);
    expect(
      (await gw.request('POST', '/api/auth/login', { body: { email, password: 'senha-da-temp-1' } })).status,
    ).toBe(401);
    await gw.request('PUT', `/api/team/${added.member.id}`, { cookie: c.admin, body: { status: 'active' } });
    await gw.login(email, 'senha-da-temp-1');
  });

  it("guards Owner changes and one's own role and status", async () => {
    const { member } = await add(c.owner, { name: 'Promovível', email: uniqueEmail() });
    const before = await gw.lastPosition();
    // An Admin may neither promote to Owner nor change an Owner.
    const denied = await deniedCount(gw);
    for (const [path, body] of [
      [`/api/team/${member.id}`, { role: 'Owner' }],
      [`/api/team/${ownerId}`, { role: 'Agente' }],
      [`/api/team/${ownerId}`, { status: 'inactive' }],
    ] as const) {
      const res = await gw.request('PUT', path, { cookie: c.admin, body });
      expect(res.status).toBe(403);
    }
    // One member refused three times on one route: the first is audited at once, the others are
    // counted into one summary when the minute is over (AuditBursts).
    expect(await deniedCount(gw)).toBe(denied + 1);
    expect(await gw.lastPosition()).toBe(before + 1);

    const me = (await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie: c.admin })).body
      .user.id;
    const ownRole = await gw.request('PUT', `/api/team/${me}`, { cookie: c.admin, body: { role: 'Agente' } });
    expect(ownRole.status).toBe(400);
    expect(ownRole.body).toMatchObject({ code: 'CANNOT_CHANGE_OWN_ROLE' });
    const ownOwnerRole = await gw.request('PUT', `/api/team/${ownerId}`, {
      cookie: c.owner,
      body: { role: 'Admin' },
    });
    expect(ownOwnerRole.status).toBe(400);
    const ownStatus = await gw.request('PUT', `/api/team/${me}`, {
      cookie: c.admin,
      body: { status: 'inactive' },
    });
    expect(ownStatus.status).toBe(400);
    // Sending one's own unchanged role with a new name is fine.
    const rename = await gw.request<MemberAnswer>('PUT', `/api/team/${me}`, {
      cookie: c.admin,
      body: { name: 'Admin Renomeado', role: 'Admin', status: 'active' },
    });
    expect(rename.status).toBe(200);
    expect(rename.body.member.name).toBe('Admin Renomeado');

    // The Owner may promote and demote.
    const promoted = await gw.request<MemberAnswer>('PUT', `/api/team/${member.id}`, {
      cookie: c.owner,
      body: { role: 'Owner' },
    });
    expect(promoted.body.member.role).toBe('Owner');
    const demoted = await gw.request<MemberAnswer>('PUT', `/api/team/${member.id}`, {
      cookie: c.owner,
      body: { role: 'Admin' },
    });
    expect(demoted.body.member.role).toBe('Admin');
  });

  it('refuses to remove the Owner with the decider text, and refuses removing yourself', async () => {
    const before = await gw.lastPosition();
    const owner = await gw.request('DELETE', `/api/team/${ownerId}`, { cookie: c.admin });
    expect(owner.status).toBe(400);
    expect(owner.body).toEqual({
      success: false,
      error: 'O proprietário não pode ser removido',
      code: 'OWNER_CANNOT_BE_REMOVED',
    });
    const me = (await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie: c.admin })).body
      .user.id;
    const self = await gw.request('DELETE', `/api/team/${me}`, { cookie: c.admin });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'CANNOT_REMOVE_SELF' });
    expect(await gw.lastPosition()).toBe(before);
  });

  it('removes a member: their session stops working and they are gone from the list', async () => {
    const email = uniqueEmail();
    const added = await add(c.admin, { name: 'Sai', email });
    const cookie = await gw.loginFirstTime(email, added.oneTimePassword!, 'senha-de-quem-sai');
    expect((await gw.request('GET', '/api/auth/me', { cookie })).status).toBe(200);
    const res = await gw.request('DELETE', `/api/team/${added.member.id}`, { cookie: c.admin });
    expect(res.status).toBe(200);
    expect((await gw.request('GET', '/api/auth/me', { cookie })).status).toBe(401);
    const list = await gw.request<ListAnswer>('GET', '/api/team', { cookie: c.owner });
    expect(list.body.members.some((m) => m.id === added.member.id)).toBe(false);
    expect((await gw.request('DELETE', `/api/team/${added.member.id}`, { cookie: c.admin })).status).toBe(
      404,
    );

    // Added back: the same account returns with its own password (no new one-time password).
    const back = await add(c.admin, { name: 'Voltou', email });
    expect(back.member.id).toBe(added.member.id);
    expect(back.oneTimePassword).toBeNull();
    await gw.login(email, 'senha-de-quem-sai');
  });

  it("cannot see or change another workspace's members (404, nothing written)", async () => {
    const foreignId = (
      await gw.request<{ user: { id: string } }>('GET', '/api/auth/me', { cookie: c.foreign })
    ).body.user.id;
    const before = await gw.lastPosition();
    expect(
      (await gw.request('PUT', `/api/team/${foreignId}`, { cookie: c.owner, body: { name: 'Invasor' } }))
        .status,
    ).toBe(404);
    expect((await gw.request('DELETE', `/api/team/${foreignId}`, { cookie: c.owner })).status).toBe(404);
    expect((await gw.request('DELETE', `/api/team/${ownerId}`, { cookie: c.foreign })).status).toBe(404);
    expect(await gw.lastPosition()).toBe(before);
  });

  it.each([
    ['a malformed e-mail', { name: 'A', email: 'não-é-email' }, 'INVALID_EMAIL'],
    ['a blank name', { name: '  ', email: 'ok1@loja.com' }, 'MEMBER_NAME_REQUIRED'],
    ['an unknown role', { name: 'A', email: 'ok2@loja.com', role: 'Gerente' }, 'VALIDATION_ERROR'],
    ['an unknown status', { name: 'A', email: 'ok3@loja.com', status: 'banido' }, 'VALIDATION_ERROR'],
    ['an unknown field', { name: 'A', email: 'ok4@loja.com', password: 'x' }, 'VALIDATION_ERROR'],
    ['a missing e-mail', { name: 'A' }, 'VALIDATION_ERROR'],
  ])('refuses adding with %s (400, nothing written)', async (_label, body, code) => {
    const before = await gw.lastPosition();
    const res = await gw.request('POST', '/api/team', { cookie: c.owner, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code });
    expect(await gw.lastPosition()).toBe(before);
  });

  it('refuses malformed edits and queries (400, nothing written)', async () => {
    const before = await gw.lastPosition();
    for (const body of [{ role: 'Chefe' }, { email: 'x' }, { name: '' }, { userId: 'x' }]) {
      const res = await gw.request('PUT', `/api/team/${ownerId}`, { cookie: c.owner, body });
      expect(res.status).toBe(400);
    }
    expect((await gw.request('GET', '/api/team?role=Chefe', { cookie: c.owner })).status).toBe(400);
    expect((await gw.request('GET', '/api/team?x=1', { cookie: c.owner })).status).toBe(400);
    expect(await gw.lastPosition()).toBe(before);
  });
});
