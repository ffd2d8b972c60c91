import { streams, type EventStore } from '@atende/events';
import { BoundedMap } from '../channel/bounded-map.js';

/**
 * The workspace of a channel session: the read model's answer, else the session's own stream (its
 * ChannelSessionRequested names it), since a client may start before the read model has the session.
 * A session never changes workspace: answers are remembered.
 */
export function sessionWorkspaceLookup(options: {
  store: Pick<EventStore, 'readStream'>;
  /** The read-model lookup (the channel-sessions view). */
  workspaceOf(sessionId: string): Promise<string | undefined>;
}): (sessionId: string) => Promise<string | undefined> {
  const known = new BoundedMap<string, string>(50_000);
  return async (sessionId) => {
    const cached = known.get(sessionId);
    if (cached) return cached;
    let workspaceId = await options.workspaceOf(sessionId);
    if (!workspaceId) {
      const events = await options.store.readStream(streams.channel(sessionId));
      const requested = events.find((e) => e.type === 'ChannelSessionRequested');
      workspaceId = requested ? (requested.data as { workspaceId: string }).workspaceId : undefined;
    }
    if (workspaceId) known.set(sessionId, workspaceId);
    return workspaceId;
  };
}
