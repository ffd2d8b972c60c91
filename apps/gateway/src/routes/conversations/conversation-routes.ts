import { z } from 'zod';
import { conversationAnswerSchema, statsAnswerSchema } from '@atende/api-contract';
import type { ConversationCommand } from '@atende/events';
import { getMember } from '@atende/projector';
import type { Permission } from '../../auth/permissions.js';
import type { RequestContext } from '../../auth/request-context.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import {
  chatIdSchema,
  conversationView,
  requireVisibleConversation,
  runConversationCommand,
  visibleStats,
} from './conversation-access.js';

export const ASSIGNEE_INVALID_MESSAGE = 'O responsável deve ser um membro ativo da equipe';

const conversationParams = z.strictObject({ conversationId: chatIdSchema });
const noBody = z.strictObject({});
const memberId = z.string().trim().min(1).max(256);
const assignBody = z.strictObject({ assigneeId: memberId });
const transferBody = z.strictObject({ toAssigneeId: memberId });
/** Any number: the decider answers 'A avaliação deve ser de 1 a 5' outside whole numbers 1..5. */
const rateBody = z.strictObject({ rating: z.number() });

/** 400 unless `userId` is an active member of the session's workspace. */
async function requireActiveMember(deps: GatewayDeps, ctx: RequestContext, userId: string): Promise<void> {
  const member = await getMember(deps.readModels.view('members'), ctx.workspaceId, userId);
  if (!member || member.status !== 'active') {
    throw new HttpError(400, 'ASSIGNEE_INVALID', ASSIGNEE_INVALID_MESSAGE);
  }
}

/**
 * One action on a conversation: POST /api/conversations/:conversationId/{action}, answering the row
 * after the change. The conversation must be one the member may see (404 otherwise).
 */
function action<B extends z.ZodType>(
  deps: GatewayDeps,
  options: {
    name: string;
    summary: string;
    auth: Permission;
    body: B;
    command: (body: z.infer<B>, ctx: RequestContext) => Promise<ConversationCommand> | ConversationCommand;
  },
): RouteDefinition {
  return defineRoute({
    method: 'post',
    path: `/api/conversations/:conversationId/${options.name}`,
    summary: options.summary,
    tag: 'conversations',
    auth: options.auth,
    params: conversationParams,
    body: options.body,
    response: conversationAnswerSchema,
    handler: async ({ params, body }, ctx) => {
      const row = await requireVisibleConversation(deps, ctx!, params.conversationId);
      const command = await options.command(body as z.infer<B>, ctx!);
      const after = await runConversationCommand(deps, ctx!, row, command);
      return { success: true, conversation: conversationView(after) };
    },
  });
}

/** Conversation actions the spec kept local (read, pin, archive, assign, transfer, rate) and the stats. */
export function conversationRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/conversations/stats',
      summary:
        'Dashboard counters (total, active, unread, channels) over the conversations the member sees (an agent: own and unassigned)',
      tag: 'conversations',
      auth: 'conversations:own',
      query: z.strictObject({}),
      response: statsAnswerSchema,
      handler: async (_input, ctx) => ({ success: true, stats: await visibleStats(deps, ctx!) }),
    }),
    action(deps, {
      name: 'read',
      summary: 'Mark the conversation read (unread count back to 0)',
      auth: 'conversations:own',
      body: noBody,
      command: (_body, ctx) => ({ type: 'MarkConversationRead', data: { readerId: ctx.userId } }),
    }),
    action(deps, {
      name: 'pin',
      summary: 'Pin the conversation (Fixar)',
      auth: 'conversations:own',
      body: noBody,
      command: () => ({ type: 'PinConversation', data: {} }),
    }),
    action(deps, {
      name: 'unpin',
      summary: 'Unpin the conversation (Desfixar)',
      auth: 'conversations:own',
      body: noBody,
      command: () => ({ type: 'UnpinConversation', data: {} }),
    }),
    action(deps, {
      name: 'archive',
      summary: 'Archive the conversation (Arquivar); a new customer message unarchives it',
      auth: 'conversations:own',
      body: noBody,
      command: (_body, ctx) => ({ type: 'ArchiveConversation', data: { byUserId: ctx.userId } }),
    }),
    action(deps, {
      name: 'unarchive',
      summary: 'Bring an archived conversation back to the inbox',
      auth: 'conversations:own',
      body: noBody,
      command: () => ({ type: 'UnarchiveConversation', data: {} }),
    }),
    action(deps, {
      name: 'assign',
      summary: 'Assign the conversation to an active member of the workspace',
      auth: 'conversations:assign',
      body: assignBody,
      command: async (body, ctx) => {
        await requireActiveMember(deps, ctx, body.assigneeId);
        return { type: 'AssignConversation', data: { assigneeId: body.assigneeId, byUserId: ctx.userId } };
      },
    }),
    action(deps, {
      name: 'transfer',
      summary: 'Transfer the conversation to another active member (Transferir)',
      auth: 'conversations:assign',
      body: transferBody,
      command: async (body, ctx) => {
        await requireActiveMember(deps, ctx, body.toAssigneeId);
        return {
          type: 'TransferConversation',
          data: { toAssigneeId: body.toAssigneeId, byUserId: ctx.userId },
        };
      },
    }),
    action(deps, {
      name: 'rate',
      summary: 'Rate the conversation from 1 to 5 (Avaliação)',
      auth: 'conversations:own',
      body: rateBody,
      command: (body, ctx) => ({
        type: 'RateConversation',
        data: { rating: body.rating, byUserId: ctx.userId },
      }),
    }),
  ];
}
