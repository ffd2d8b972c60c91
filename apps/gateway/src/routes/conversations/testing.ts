import {
  atendeRegistry,
  conversationDecider,
  handleCommand,
  newId,
  streams,
  type ConversationCommand,
} from '@atende/events';
import type { GatewayHarness } from '../../testing/harness.js';

/** Test helpers: conversations are made the way the channel worker makes them, through the domain. */

/** A customer message arrives (the conversation starts with the first one). */
export async function receiveMessage(
  gw: GatewayHarness,
  options: {
    workspaceId?: string;
    chatId: string;
    text?: string;
    name?: string;
    sessionId?: string;
    providerMessageId?: string;
  },
): Promise<number> {
  const workspaceId = options.workspaceId ?? gw.atende.demo.workspaceId;
  return conversationCommand(gw, workspaceId, options.chatId, {
    type: 'ReceiveInboundMessage',
    data: {
      messageId: newId(),
      chatId: options.chatId,
      sessionId: options.sessionId ?? 'sessao-teste',
      providerMessageId: options.providerMessageId ?? newId(),
      customerId: options.chatId.split('@')[0]!,
      customerName: options.name ?? 'Cliente',
      content: options.text ?? 'Olá!',
      receivedAt: new Date().toISOString(),
    },
  });
}

/** Runs a conversation command as the system and waits for the read models. */
export async function conversationCommand(
  gw: GatewayHarness,
  workspaceId: string,
  chatId: string,
  command: ConversationCommand,
): Promise<number> {
  const result = await handleCommand(
    { store: gw.atende.store, registry: atendeRegistry },
    conversationDecider,
    streams.conversation(workspaceId, chatId),
    command,
    { workspaceId, actorId: 'test' },
  );
  const position = Math.max(0, ...result.globalPositions);
  if (position > 0) {
    // Both projectors: the inbox read models and those caught up in the background (suggestions).
    await gw.atende.projector.waitForPosition(position);
    await gw.atende.backgroundProjector.waitForPosition(position);
  }
  return position;
}

/** Assigns a conversation directly (setup for scope tests). */
export async function assignDirectly(
  gw: GatewayHarness,
  workspaceId: string,
  chatId: string,
  assigneeId: string,
): Promise<void> {
  await conversationCommand(gw, workspaceId, chatId, {
    type: 'AssignConversation',
    data: { assigneeId, byUserId: 'test' },
  });
}
