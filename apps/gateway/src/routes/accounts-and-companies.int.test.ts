import { GatewayHarness } from '../testing/harness.js';

interface MeAnswer {
  user: {
    id: string;
    company: string;
    role: string;
    workspaceId: string;
    workspaces: { id: string; name: string; role: string }[];
  };
}

const cookieOf = (res: { headers: Headers }) => res.headers.get('set-cookie')!.split(';')[0]!;

describe('sign-up (ATENDE_SIGNUP)', () => {
  it('is closed by default: POST /api/signup answers 404 and the config says so', async () => {
    const gw = await GatewayHarness.start({ channel: false });
    try {
      const before = await gw.lastPosition();
      const res = await gw.request('POST', '/api/signup', {
        body: { companyName: 'Padaria', name: 'Ana', email: 'ana@padaria.com', password: 'senha-boa-1' },
      });
      expect(res).toMatchObject({ status: 404, body: { success: false, code: 'NOT_FOUND' } });
      expect((await gw.request('GET', '/api/auth/config')).body).toMatchObject({ signup: false });
      expect(await gw.lastPosition()).toBe(before);
    } finally {
      await gw.stop();
    }
  });

  describe('open', () => {
    let gw: GatewayHarness;
    beforeAll(async () => {
      gw = await GatewayHarness.start({ channel: false, env: { ATENDE_SIGNUP: 'open' } });
    });
    afterAll(async () => gw?.stop());

    it('creates a company on the trial, signed in as its Owner, with an empty inbox of its own', async () => {
      expect((await gw.request('GET', '/api/auth/config')).body).toMatchObject({ signup: true });
      const res = await gw.request<MeAnswer>('POST', '/api/signup', {
        body: {
          companyName: 'Padaria Pão Quente',
          name: 'Ana Souza',
          email: 'Ana@Padaria.com.br',
          password: 'senha-boa-1',
        },
      });
      expect(res.status).toBe(201);
      expect(res.body.user).toMatchObject({
        company: 'Padaria Pão Quente',
        role: 'Owner',
        workspaces: [{ name: 'Padaria Pão Quente', role: 'Owner' }],
      });
      expect(res.body.user.workspaceId).not.toBe(gw.atende.demo.workspaceId);
      expect(res.body.user.workspaceId).not.toMatch(/padaria/i); // its own id, not derived from the name
      const cookie = cookieOf(res);
      const inbox = await gw.request<{ conversations: unknown[] }>('GET', '/api/whatsapp/conversations', {
        cookie,
      });
      expect(inbox.body.conversations).toEqual([]);
      const billing = await gw.request<{ billing: { status: string; trialDaysLeft: number } }>(
        'GET',
        '/api/billing',
        {
          cookie,
        },
      );
      expect(billing.body.billing).toMatchObject({ status: 'trial', trialDaysLeft: 7 });
      // Its own canned replies, like every new company.
      const replies = await gw.request<{ cannedReplies: unknown[] }>('GET', '/api/canned-replies', {
        cookie,
      });
      expect(replies.body.cannedReplies.length).toBeGreaterThan(0);
      // The password works for a later sign-in (e-mail normalised).
      await gw.login('ana@padaria.com.br', 'senha-boa-1');
    });

    it('refuses an e-mail that has an account, a short password and bad fields, writing nothing', async () => {
      const before = await gw.lastPosition();
      const cases: [Record<string, unknown>, number, string][] = [
        [
          { companyName: 'X', name: 'Demo', email: 'demo@atende.local', password: 'senha-boa-1' },
          409,
          'EMAIL_IN_USE',
        ],
        [{ companyName: 'X', name: 'Y', email: 'y@x.com', password: 'curta' }, 400, 'PASSWORD_TOO_SHORT'],
        [
          { companyName: 'X', name: 'Y', email: 'nao-e-email', password: 'senha-boa-1' },
          400,
          'INVALID_EMAIL',
        ],
        [
          { companyName: '   ', name: 'Y', email: 'y@x.com', password: 'senha-boa-1' },
          400,
          'WORKSPACE_NAME_REQUIRED',
        ],
        [
          { companyName: 'X', name: '  ', email: 'y@x.com', password: 'senha-boa-1' },
          400,
          'USER_NAME_REQUIRED',
        ],
        [{ companyName: 'X', name: 'Y', email: 'y@x.com' }, 400, 'VALIDATION_ERROR'],
        [
          { companyName: 'X', name: 'Y', email: 'y@x.com', password: 'senha-boa-1', plan: 'enterprise' },
          400,
          'VALIDATION_ERROR',
        ],
      ];
      for (const [body, status, code] of cases) {
        const res = await gw.request('POST', '/api/signup', { body });
        expect({ status: res.status, code: (res.body as { code?: string }).code }).toEqual({ status, code });
        expect(res.body).toMatchObject({ success: false, error: expect.any(String) });
      }
      expect(await gw.lastPosition()).toBe(before);
    });
  });
});

describe('one account, several companies', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
  });
  afterAll(async () => gw?.stop());

  it('signs in to the last company used, switches on the server and is refused a company it is not in', async () => {
    const shop = await gw.createCompany({ name: 'Armarinho Zé', ownerEmail: 'contadora@contas.com' });
    // The demo company adds the same person as an Agente: the same account, no new password.
    const demo = await gw.loginDemo();
    const added = await gw.request<{ member: { id: string }; oneTimePassword: string | null }>(
      'POST',
      '/api/team',
      {
        cookie: demo,
        body: { name: 'Contadora', email: 'contadora@contas.com' },
      },
    );
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ member: { id: shop.ownerId }, oneTimePassword: null });

    const login = await gw.request<MeAnswer>('POST', '/api/auth/login', {
      body: { email: 'contadora@contas.com', password: 'senha-boa-1' },
    });
    // Never switched yet: the first by name.
    expect(login.body.user).toMatchObject({ company: 'Armarinho Zé', role: 'Owner' });
    expect(login.body.user.workspaces.map((w) => [w.name, w.role])).toEqual([
      ['Armarinho Zé', 'Owner'],
      ['Minha Empresa', 'Agente'],
    ]);
    const first = cookieOf(login);

    const switched = await gw.request<MeAnswer>('POST', '/api/auth/workspace', {
      cookie: first,
      body: { workspaceId: gw.atende.demo.workspaceId },
    });
    expect(switched.status).toBe(200);
    expect(switched.body.user).toMatchObject({ company: 'Minha Empresa', role: 'Agente' });
    const second = cookieOf(switched);
    expect((await gw.request('GET', '/api/auth/me', { cookie: first })).status).toBe(401); // the old session ended
    const me = await gw.request<MeAnswer>('GET', '/api/auth/me', { cookie: second });
    expect(me.body.user.workspaceId).toBe(gw.atende.demo.workspaceId);
    // An Agente of the demo: the demo's rules apply (no billing, no team management).
    expect((await gw.request('GET', '/api/billing', { cookie: second })).status).toBe(403);

    // The next sign-in opens the last company used.
    const again = await gw.request<MeAnswer>('POST', '/api/auth/login', {
      body: { email: 'contadora@contas.com', password: 'senha-boa-1' },
    });
    expect(again.body.user.company).toBe('Minha Empresa');

    // A company the account is not in (or no longer in) is refused, and the session stays as it was.
    const other = await gw.createCompany({ name: 'Outra Loja', ownerEmail: 'dono@outra.com' });
    const refused = await gw.request('POST', '/api/auth/workspace', {
      cookie: second,
      body: { workspaceId: other.workspaceId },
    });
    expect(refused).toMatchObject({ status: 403, body: { success: false, code: 'WORKSPACE_FORBIDDEN' } });
    expect((await gw.request('GET', '/api/auth/me', { cookie: second })).status).toBe(200);

    // Removed from the demo: only the demo's sessions end; the shop still opens.
    const shopCookie = await gw.request<MeAnswer>('POST', '/api/auth/workspace', {
      cookie: second,
      body: { workspaceId: shop.workspaceId },
    });
    expect(shopCookie.status).toBe(200);
    const demoSession = cookieOf(
      await gw.request('POST', '/api/auth/workspace', {
        cookie: cookieOf(shopCookie),
        body: { workspaceId: gw.atende.demo.workspaceId },
      }),
    );
    const shopSession = await gw.login('contadora@contas.com', 'senha-boa-1'); // opens the demo (last used)
    const toShop = cookieOf(
      await gw.request('POST', '/api/auth/workspace', {
        cookie: shopSession,
        body: { workspaceId: shop.workspaceId },
      }),
    );
    expect((await gw.request('DELETE', `/api/team/${shop.ownerId}`, { cookie: demo })).status).toBe(200);
    expect((await gw.request('GET', '/api/auth/me', { cookie: demoSession })).status).toBe(401);
    const still = await gw.request<MeAnswer>('GET', '/api/auth/me', { cookie: toShop });
    expect(still.status).toBe(200);
    expect(still.body.user.workspaces.map((w) => w.name)).toEqual(['Armarinho Zé']);
    const back = await gw.request('POST', '/api/auth/workspace', {
      cookie: toShop,
      body: { workspaceId: gw.atende.demo.workspaceId },
    });
    expect(back.status).toBe(403);
  });
});
