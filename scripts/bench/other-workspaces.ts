import { atendeRegistry, streams, type EventStore, type NewEvent } from '@atende/events';

/** A scrypt-shaped hash nobody signs in with (seeding 99 owners need not spend 99 scrypt runs). */
const UNUSABLE_HASH = 'scrypt$16384$8$1$YmVuY2g$YmVuY2gtb3duZXItbm90LWEtcmVhbC1oYXNo';

export interface OtherWorkspaces {
  /** Companies besides the measured one. */
  workspaces: number;
  /**
   * Conversations each of them has (two customer messages each: no agent's reply, which the running
   * channel worker would try to send through phones that do not exist).
   */
  conversationsEach: number;
}

/**
 * Fills the log with other companies' data, as a deployment serving many companies holds it: each
 * with its workspace (on a plan), Owner, and conversations of two messages. The benches then measure
 * one company with all of this present (issue 24: 1 and 100 workspaces side by side). Returns how
 * many events it wrote.
 */
export async function seedOtherWorkspaces(store: EventStore, options: OtherWorkspaces): Promise<number> {
  let written = 0;
  const base = Date.parse('2026-11-01T12:00:00Z');
  for (let w = 0; w < options.workspaces; w += 1) {
    const workspaceId = `bench-ws-${String(w).padStart(3, '0')}`;
    const ownerId = `${workspaceId}-owner`;
    const ctx = { workspaceId, actorId: 'bench', occurredAt: new Date(base).toISOString() };
    const appends: Promise<unknown>[] = [
      store.appendToStream(streams.workspace(workspaceId), [
        atendeRegistry.prepare(
          {
            type: 'WorkspaceCreated',
            data: {
              workspaceId,
              name: `Empresa ${w}`,
              ownerId,
              trialStartedAt: ctx.occurredAt,
              trialDays: 7,
            },
          },
          ctx,
        ),
        atendeRegistry.prepare(
          { type: 'WorkspacePlanChanged', data: { plan: 'enterprise', previousPlan: null } },
          ctx,
        ),
      ]),
      store.appendToStream(streams.user(ownerId), [
        atendeRegistry.prepare(
          {
            type: 'UserRegistered',
            data: {
              userId: ownerId,
              email: `${ownerId}@bench.local`,
              name: `Dono ${w}`,
              authProvider: 'local',
              passwordHash: UNUSABLE_HASH,
              firebaseUid: null,
            },
          },
          ctx,
        ),
      ]),
      store.appendToStream(streams.member(workspaceId, ownerId), [
        atendeRegistry.prepare(
          {
            type: 'MemberAdded',
            data: {
              workspaceId,
              userId: ownerId,
              name: `Dono ${w}`,
              email: `${ownerId}@bench.local`,
              role: 'Owner',
              status: 'active',
            },
          },
          ctx,
        ),
      ]),
    ];
    written += 4;
    for (let i = 0; i < options.conversationsEach; i += 1) {
      const chatId = `55${11800000000 + i}@c.us`;
      const at = new Date(base + (w * options.conversationsEach + i) * 1000).toISOString();
      const c = { workspaceId, occurredAt: at };
      const inbound = (messageId: string, content: string) =>
        atendeRegistry.prepare(
          {
            type: 'InboundMessageReceived',
            data: {
              messageId,
              chatId,
              sessionId: `${workspaceId}-phone`,
              providerMessageId: `p-${messageId}`,
              content,
              type: 'text',
              mediaUrl: null,
              mediaStatus: 'none',
              senderName: `Cliente ${i}`,
              senderPhone: chatId.slice(0, 13),
              timestamp: at,
            },
          },
          c,
        );
      const events: NewEvent[] = [
        atendeRegistry.prepare(
          {
            type: 'ConversationStarted',
            data: {
              chatId,
              sessionId: `${workspaceId}-phone`,
              channel: 'whatsapp',
              customerId: chatId.slice(0, 13),
              customerName: `Cliente ${i}`,
              type: 'private',
            },
          },
          c,
        ),
        inbound(`${workspaceId}-in-${i}`, 'Bom dia, vocês entregam no sábado?'),
        inbound(`${workspaceId}-in2-${i}`, 'Pode ser depois das 10h?'),
      ];
      appends.push(store.appendToStream(streams.conversation(workspaceId, chatId), events));
      written += events.length;
    }
    await Promise.all(appends);
  }
  return written;
}
