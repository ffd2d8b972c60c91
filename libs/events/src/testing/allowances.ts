import {
  entitlementAt,
  usageMonth,
  type ConversationAllowance,
  type SeatAllowance,
} from '../workspace/plan.js';

/**
 * A workspace with room for anything (Enterprise), for tests that send or add members straight
 * through the deciders and are not about plans (those have specs of their own).
 */
export function roomyAllowance(now = new Date()): ConversationAllowance & SeatAllowance {
  return {
    entitlement: entitlementAt({ plan: 'enterprise', trialStartedAt: now.toISOString(), trialDays: 7 }, now),
    month: usageMonth(now),
    conversationsThisMonth: 0,
    activeMembers: 0,
  };
}
