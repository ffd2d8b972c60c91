import {
  conversationDecider,
  streams,
  type ConversationCommand,
  type ConversationEvent,
} from '@atende/events';
import { getMessage, type ConversationRow } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { messageView } from '../conversations/conversation-access.js';
import { sendAllowance } from '../workspace/plan-allowances.js';

export const MESSAGE_ID_CONFLICT_MESSAGE = 'Já existe outra mensagem com este id';

type RequestData = Extract<ConversationCommand, { type: 'RequestOutboundMessage' }>['data'];

/** What the member chose of an agent's message; the rest comes from the session and the server. */
export type OutboundChoice = Omit<RequestData, 'agentId' | 'receivedAt' | 'sessionId' | 'allowance'>;

/** Whether the conversation's stream holds the outbound message (when the read model lags behind). */
export async function streamHasOutbound(
  deps: GatewayDeps,
  streamId: string,
  messageId: string,
): Promise<boolean> {
  const events = await deps.store.readStream<ConversationEvent>(streamId);
  return events.some((e) => e.type === 'OutboundMessageRequested' && e.data.messageId === messageId);
}

/** The message as the API answers it (null while the read model has not caught up). */
export async function outboundAnswer(
  deps: GatewayDeps,
  ctx: RequestContext,
  chatId: string,
  messageId: string,
) {
  const message = await getMessage(deps.readModels.view('messages'), ctx.workspaceId, chatId, messageId);
  return { success: true as const, messageId, message: message ? messageView(message) : null };
}

/**
 * Requests an agent's message (text or file) in a conversation the member may see, as its latest
 * session's, under the workspace's plan, and answers it. The same id again makes nothing new; an id
 * another conversation already used is a 409 (event ids derive from it per workspace, so it would
 * silently not be appended here).
 */
export async function requestOutbound(
  deps: GatewayDeps,
  ctx: RequestContext,
  row: ConversationRow,
  choice: OutboundChoice,
) {
  const streamId = streams.conversation(ctx.workspaceId, row.chatId);
  const result = await execute(deps, ctx, conversationDecider, streamId, {
    type: 'RequestOutboundMessage',
    data: {
      ...choice,
      agentId: ctx.userId,
      receivedAt: new Date().toISOString(),
      sessionId: row.sessionId,
      allowance: await sendAllowance(deps, ctx.workspaceId),
    },
  });
  const answer = await outboundAnswer(deps, ctx, row.chatId, choice.messageId);
  if (
    !answer.message &&
    result.events.length > 0 &&
    !(await streamHasOutbound(deps, streamId, choice.messageId))
  ) {
    throw new HttpError(409, 'MESSAGE_ID_CONFLICT', MESSAGE_ID_CONFLICT_MESSAGE);
  }
  return answer;
}
