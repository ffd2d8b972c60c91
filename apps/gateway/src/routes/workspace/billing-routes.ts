import { billingAnswerSchema, type Billing } from '@atende/api-contract';
import { entitlementAt, planLabels, usageMonth } from '@atende/events';
import { getUsage, getWorkspace, listMembers, workspacePlanOfDoc } from '@atende/projector';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { noQuery, notFoundError, requireCtx } from './shared.js';

const DAY_MS = 86_400_000;

/** Assinatura: the workspace's plan or trial and this month's usage against each limit (Owner). */
export function billingRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/billing',
      summary: "The workspace's plan or trial, its limits and this month's usage (members, conversations)",
      tag: 'billing',
      auth: 'billing:manage',
      query: noQuery,
      response: billingAnswerSchema,
      handler: async (_input, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const now = new Date();
        const month = usageMonth(now);
        const [workspace, members, usage] = await Promise.all([
          getWorkspace(deps.readModels.view('workspaces'), ctx.workspaceId),
          listMembers(deps.readModels.view('members'), ctx.workspaceId),
          getUsage(deps.readModels.view('workspaces'), ctx.workspaceId, month),
        ]);
        if (!workspace) throw notFoundError('Empresa não encontrada');
        const plan = workspacePlanOfDoc(workspace);
        const entitlement = entitlementAt(plan, now);
        const left = Math.ceil((Date.parse(entitlement.trialEndsAt) - now.getTime()) / DAY_MS);
        const billing: Billing = {
          plan: plan.plan,
          limitsOf: entitlement.plan,
          limitsLabel: planLabels[entitlement.plan],
          status: entitlement.status,
          trialStartedAt: plan.trialStartedAt,
          trialEndsAt: entitlement.trialEndsAt,
          trialDays: plan.trialDays,
          trialDaysLeft: Math.max(0, Math.min(plan.trialDays, left)),
          limits: entitlement.limits,
          usage: {
            month,
            activeMembers: members.filter((m) => m.status === 'active').length,
            conversationsStarted: usage.conversationsStarted,
            overLimitConversations: usage.overLimitConversations,
          },
        };
        return { success: true, billing };
      },
    }),
  ];
}
