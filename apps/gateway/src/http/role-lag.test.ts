import { roleLags } from './role-lag.js';

const limits = { maxLag: 100, staleMs: 10_000 };
const now = 1_000_000;

describe('roleLags', () => {
  it('is ready when every role is alive and close to the log, and says how far each is', () => {
    const { roles, problems } = roleLags(
      500,
      [
        { role: 'relay', position: 500, aliveAt: now - 1000 },
        { role: 'projector', position: 450, aliveAt: now - 1000 },
      ],
      limits,
      now,
    );
    expect(problems).toEqual([]);
    expect(roles).toEqual([
      { role: 'relay', position: 500, lag: 0, silentMs: 1000 },
      { role: 'projector', position: 450, lag: 50, silentMs: 1000 },
    ]);
  });

  it('is not ready when the projector is down, even with no traffic to fall behind on', () => {
    const { problems } = roleLags(
      500,
      [{ role: 'projector', position: 500, aliveAt: now - 30_000 }],
      limits,
      now,
    );
    expect(problems).toEqual(['projector not running (silent for 30 s)']);
  });

  it('is not ready when a role is further behind than the threshold, or never ran', () => {
    expect(roleLags(500, [{ role: 'projector', position: 300, aliveAt: now }], limits, now).problems).toEqual(
      ['projector 200 events behind the log'],
    );
    expect(roleLags(500, [{ role: 'relay', position: undefined }], limits, now).problems).toContain(
      'relay never ran',
    );
  });

  it('is not ready while the relay refuses a misconfigured bus, even with no lag', () => {
    const relay = { role: 'relay', position: 500, aliveAt: now, refusing: true };
    expect(roleLags(500, [relay], limits, now).problems).toEqual([
      'relay refuses the bus as configured (see its log)',
    ]);
    expect(roleLags(500, [{ ...relay, refusing: false }], limits, now).problems).toEqual([]);
  });
});
