import {
  atendeRegistry,
  channelSessionDecider,
  handleCommand,
  streams,
  type EventStore,
} from '@atende/events';

/** The workspace, session and customer chat the bridge tests use. */
export const TEST_WS = 'ws-1';
export const TEST_SESSION = 'session-1';
export const TEST_CHAT = '5511999990001@c.us';

/** A customer's text message as the channel reports it (tests). */
export function inboundEvent(providerMessageId: string, content = 'Oi') {
  return {
    type: 'inbound' as const,
    sessionId: TEST_SESSION,
    message: {
      providerMessageId,
      chatId: TEST_CHAT,
      from: '5511999990001',
      senderName: 'Maria',
      chatType: 'private' as const,
      content,
      type: 'chat',
      mediaUrl: null,
      timestamp: '2026-01-02T10:00:00.000Z',
    },
  };
}

/** Polls `check` until it holds; fails naming `what` after `timeoutMs` (tests). */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A member asks for a sandbox WhatsApp session of the workspace (tests). */
export async function requestSandboxSession(
  store: EventStore,
  workspaceId: string,
  sessionId: string,
): Promise<void> {
  await handleCommand(
    { store, registry: atendeRegistry },
    channelSessionDecider,
    streams.channel(sessionId),
    {
      type: 'RequestChannelSession',
      data: {
        sessionId,
        workspaceId,
        driver: 'sandbox',
        userId: 'user-1',
        phoneNumber: '5511999990000',
        name: 'Suporte',
      },
    },
    { workspaceId, actorId: 'user-1' },
  );
}
