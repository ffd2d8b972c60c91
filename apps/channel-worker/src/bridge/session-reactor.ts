import { streams, type StoredEvent } from '@atende/events';
import type { BridgeContext } from './bridge-context.js';
import type { BridgeReactor } from './reactor.js';
import type { SessionOwnership } from './session-ownership.js';
import { sessionStanding } from './session-standing.js';

export interface SessionReactorDeps {
  ctx: BridgeContext;
  ownership: SessionOwnership | undefined;
  /** Remembers the session's workspace (a session never changes workspace). */
  knowWorkspace(sessionId: string, workspaceId: string): void;
  /** Work left running in the background (awaited on stop). */
  track(promise: Promise<unknown>): void;
}

/**
 * WhatsApp sessions asked for (the QR modal): each ChannelSessionRequested connects its session, here
 * or, with several workers, on whichever worker takes its lease.
 */
export function sessionReactor(deps: SessionReactorDeps): BridgeReactor {
  const { ctx, ownership } = deps;

  async function connectSession(event: StoredEvent): Promise<void> {
    const data = event.data as { sessionId: string; phoneNumber: string; name: string; workspaceId: string };
    const history = await ctx.store.readStream(streams.channel(data.sessionId));
    const latest = history[history.length - 1];
    // A replayed request of a session that was disconnected since is not revived.
    if (latest && latest.type === 'ChannelDisconnected') return;
    const session = { sessionId: data.sessionId, phoneNumber: data.phoneNumber, name: data.name };
    if (!ownership) return ctx.channel.connect(session);
    await ownership.request({ ...session, restore: sessionStanding(history) === 'logged-in' });
  }

  return {
    name: 'channel bridge: sessions',
    eventTypes: new Set(['ChannelSessionRequested']),
    handle(event) {
      const data = event.data as { sessionId: string; workspaceId: string };
      if (ctx.closedWorkspaces.has(data.workspaceId)) return undefined;
      deps.knowWorkspace(data.sessionId, data.workspaceId);
      deps.track(
        connectSession(event).catch((error) =>
          ctx.logFailure(error, { sessionId: data.sessionId }, 'channel connect failed'),
        ),
      );
      return undefined;
    },
  };
}
