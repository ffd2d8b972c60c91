import { DomainError } from '../core/errors.js';
import {
  entitlementAt,
  planLimits,
  requireSeat,
  requireSendingAllowed,
  startsOverLimit,
  stillOverLimit,
  trialEndsAt,
  usageMonth,
  type ConversationAllowance,
  type WorkspacePlan,
} from './plan.js';

const trial: WorkspacePlan = { plan: null, trialStartedAt: '2026-11-01T12:00:00.000Z', trialDays: 7 };
const at = (iso: string) => new Date(iso);

function codeOf(run: () => void): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a DomainError';
  }
  return undefined;
}

describe('plan rules', () => {
  it('has the spec §9 limits', () => {
    expect(planLimits).toEqual({
      starter: { members: 3, conversationsPerMonth: 1000 },
      professional: { members: 10, conversationsPerMonth: 5000 },
      enterprise: { members: null, conversationsPerMonth: null },
    });
  });

  it('runs a 7-day trial on the Professional limits, then ends it', () => {
    expect(trialEndsAt(trial)).toBe('2026-11-08T12:00:00.000Z');
    expect(entitlementAt(trial, at('2026-11-08T11:59:59.999Z'))).toEqual({
      status: 'trial',
      plan: 'professional',
      limits: planLimits.professional,
      trialEndsAt: '2026-11-08T12:00:00.000Z',
    });
    expect(entitlementAt(trial, at('2026-11-08T12:00:00.000Z')).status).toBe('trial-ended');
  });

  it('a chosen plan applies its own limits, before or after the trial ends', () => {
    for (const now of ['2026-11-02T00:00:00Z', '2027-03-01T00:00:00Z']) {
      expect(entitlementAt({ ...trial, plan: 'starter' }, at(now))).toMatchObject({
        status: 'subscribed',
        plan: 'starter',
        limits: planLimits.starter,
      });
    }
  });

  it('refuses sending once the trial ended without a plan', () => {
    expect(
      codeOf(() => requireSendingAllowed(entitlementAt(trial, at('2026-11-02T00:00:00Z')))),
    ).toBeUndefined();
    expect(codeOf(() => requireSendingAllowed(entitlementAt(trial, at('2026-11-09T00:00:00Z'))))).toBe(
      'TRIAL_ENDED',
    );
    const subscribed = entitlementAt({ ...trial, plan: 'starter' }, at('2026-11-09T00:00:00Z'));
    expect(codeOf(() => requireSendingAllowed(subscribed))).toBeUndefined();
  });

  it('counts seats against the plan: the 4th active member of a Starter workspace is refused', () => {
    const starter = entitlementAt({ ...trial, plan: 'starter' }, at('2026-11-02T00:00:00Z'));
    expect(codeOf(() => requireSeat({ entitlement: starter, activeMembers: 2 }))).toBeUndefined();
    expect(codeOf(() => requireSeat({ entitlement: starter, activeMembers: 3 }))).toBe('PLAN_LIMIT_MEMBERS');
    const enterprise = entitlementAt({ ...trial, plan: 'enterprise' }, at('2026-11-02T00:00:00Z'));
    expect(codeOf(() => requireSeat({ entitlement: enterprise, activeMembers: 10_000 }))).toBeUndefined();
  });

  it('marks the conversation beyond the monthly limit, and keeps it marked while the plan is exceeded', () => {
    const allowance = (
      plan: WorkspacePlan['plan'],
      conversationsThisMonth: number,
    ): ConversationAllowance => ({
      entitlement: entitlementAt({ ...trial, plan }, at('2026-11-02T00:00:00Z')),
      month: '2026-11',
      conversationsThisMonth,
    });
    expect(startsOverLimit(allowance('starter', 999))).toBe(false);
    expect(startsOverLimit(allowance('starter', 1000))).toBe(true);
    expect(stillOverLimit(allowance('starter', 1000))).toBe(false);
    expect(stillOverLimit(allowance('starter', 1001))).toBe(true);
    expect(stillOverLimit(allowance('professional', 1001))).toBe(false);
    expect(startsOverLimit(allowance('enterprise', 1_000_000))).toBe(false);
  });

  it('counts a month in Brasília time', () => {
    expect(usageMonth('2026-12-01T02:59:59.999Z')).toBe('2026-11');
    expect(usageMonth('2026-12-01T03:00:00.000Z')).toBe('2026-12');
    expect(usageMonth(at('2027-01-15T12:00:00Z'))).toBe('2027-01');
  });
});
