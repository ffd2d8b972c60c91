import { allProjections, dumpAllProjections, rebuild, withoutCheckpoints } from '@atende/projector';
import { GatewayHarness } from '../../testing/harness.js';
import { eventually } from '../../testing/eventually.js';

/**
 * 'Excluir todos os dados da conta' in a deployment of several companies: an account that also
 * belongs to another company is the person's, so it survives (sign-in, password, its membership
 * there), while everything else of the deleted company goes from the read models and the log.
 */
describe('deleting a company whose member also works for another company', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start();
  });
  afterAll(async () => gw?.stop());

  it('keeps the shared account whole and erases the rest of the company', async () => {
    const closing = await gw.createCompany({ name: 'Loja que Fecha', ownerEmail: 'dono@fecha.com' });
    const staying = await gw.createCompany({ name: 'Loja que Fica', ownerEmail: 'dona@fica.com' });
    // The accountant's account is made by the closing company (registered there)...
    const added = await gw.request<{ member: { id: string }; oneTimePassword: string }>('POST', '/api/team', {
      cookie: closing.cookie,
      body: { name: 'Contadora', email: 'contadora@contas.com', role: 'Admin' },
    });
    expect(added.status).toBe(201);
    const accountant = added.body.member.id;
    await gw.loginFirstTime('contadora@contas.com', added.body.oneTimePassword, 'senha-da-contadora');
    // ...and joins the other company with the same account.
    const joined = await gw.request('POST', '/api/team', {
      cookie: staying.cookie,
      body: { name: 'Contadora', email: 'contadora@contas.com' },
    });
    expect(joined.status).toBe(201);
    // A closing-company-only member, for contrast.
    const local = await gw.request<{ member: { id: string } }>('POST', '/api/team', {
      cookie: closing.cookie,
      body: { name: 'Só Daqui', email: 'so@fecha.com' },
    });

    const deleted = await gw.request('POST', '/api/account/delete-data', {
      cookie: closing.cookie,
      body: { confirmation: 'EXCLUIR' },
    });
    expect(deleted.status).toBe(200);
    const deletion = (await gw.atende.store.readStream(`workspace-${closing.workspaceId}`)).at(-1)!;
    expect(deletion.data).toMatchObject({ keptAccountIds: [accountant] });

    // The log: the company's events are erased, but the shared account stays whole.
    const ofClosing = async () => {
      const types: string[] = [];
      for await (const e of gw.atende.store.readAll()) {
        if (e.metadata.workspaceId === closing.workspaceId && !e.streamId.startsWith(`user-${accountant}`)) {
          types.push(e.type);
        }
      }
      return types;
    };
    await eventually(async () => ((await ofClosing()).length === 1 ? true : undefined), 10_000);
    expect(await ofClosing()).toEqual(['WorkspaceDataDeleted']);
    expect(await gw.streamTypes(`user-${accountant}`)).toEqual(['UserRegistered', 'UserPasswordChanged']);
    expect(await gw.streamTypes(`user-${local.body.member.id}`)).toEqual([]);

    // The person still signs in, with the same password, into the company that stays.
    const login = await gw.request<{ user: { workspaceId: string; workspaces: { id: string }[] } }>(
      'POST',
      '/api/auth/login',
      { body: { email: 'contadora@contas.com', password: 'senha-da-contadora' } },
    );
    expect(login.status).toBe(200);
    expect(login.body.user.workspaceId).toBe(staying.workspaceId);
    expect(login.body.user.workspaces.map((w) => w.id)).toEqual([staying.workspaceId]);
    expect(
      (
        await gw.request('POST', '/api/auth/login', {
          body: { email: 'so@fecha.com', password: 'x-x-x-x-x' },
        })
      ).status,
    ).toBe(401);

    // A rebuild from the log agrees with the read models that served.
    await gw.atende.projector.caughtUp();
    await gw.atende.backgroundProjector.caughtUp();
    const live = await dumpAllProjections(gw.atende.readModels);
    await rebuild({ store: gw.atende.store, readModels: gw.atende.readModels, projections: allProjections });
    expect(withoutCheckpoints(await dumpAllProjections(gw.atende.readModels))).toEqual(
      withoutCheckpoints(live),
    );
  });
});
