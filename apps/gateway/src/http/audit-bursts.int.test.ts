import { GatewayHarness } from '../testing/harness.js';
import { eventually } from '../testing/eventually.js';

/** Issue 25 (8): refusals must not flood the audit log. */
describe('audit of refusals', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    // Long enough for the burst below to fit in one window on a loaded machine.
    gw = await GatewayHarness.start({ channel: false, auditBurstWindowMs: 5_000 });
  });
  afterAll(async () => gw?.stop());

  const audit = async () =>
    (
      await gw.atende.store.readStream<{
        type: string;
        data: { path: string; burst?: number; userId: string };
      }>('audit-minha-empresa')
    ).filter((e) => e.type === 'AccessDenied');

  it('records the first refusal of a burst at once and the rest as one count, not one event each', async () => {
    const agent = await gw.signInAsNewMember('agente-insistente', 'Agente');
    const before = (await audit()).length;
    const started = await gw.lastPosition();
    for (let i = 0; i < 100; i += 1) {
      expect((await gw.request('GET', `/api/team?search=${i}`, { cookie: agent })).status).toBe(403);
    }
    // Another route is its own burst: recorded at once too.
    expect((await gw.request('GET', '/api/analytics', { cookie: agent })).status).toBe(403);
    expect((await audit()).length).toBe(before + 2);
    expect(await gw.lastPosition()).toBe(started + 2);
    // When the window closes: one summary for the 99 that followed the first.
    const all = await eventually(async () => {
      const events = await audit();
      return events.length === before + 3 ? events : undefined;
    }, 15_000);
    const mine = all.slice(before);
    expect(mine.map((e) => [e.data.path, e.data.burst])).toEqual([
      ['/api/team', undefined],
      ['/api/analytics', undefined],
      ['/api/team', 99],
    ]);
    expect(mine.every((e) => e.data.userId === 'agente-insistente')).toBe(true);
  });
});
