import type { Logger } from 'pino';
import {
  AggregateCache,
  DomainError,
  atendeRegistry,
  conversationDecider,
  handleCommand,
  type Channel,
  type CommandHandlerDeps,
  type ConversationCommand,
  type EventContext,
  type EventStore,
  type MediaStore,
} from '@atende/events';
import { ConversationRouting } from './conversation-routing.js';

/** What the parts of one channel bridge share. */
export interface BridgeContext {
  store: EventStore;
  channel: Channel;
  logger: Logger;
  deps: CommandHandlerDeps & { cache: AggregateCache };
  routing: ConversationRouting;
  /** Workspaces whose data was deleted: nothing of theirs goes out. */
  closedWorkspaces: Set<string>;
  /** Their sessions: whatever they still report is dropped. */
  closedSessions: Set<string>;
  /** Where the files agents send are read from (none: a media message fails). */
  media: Pick<MediaStore, 'get'> | undefined;
  conversationCommand(
    streamId: string,
    command: ConversationCommand,
    context: EventContext,
  ): Promise<unknown>;
  /** A refusal of the domain is a warning; anything else an error. */
  logFailure(error: unknown, detail: Record<string, unknown>, msg: string): void;
}

/** Streams whose states a bridge keeps (their events are bounded too: see AggregateCache). */
export const BRIDGE_AGGREGATE_CACHE_ENTRIES = 20_000;

export function bridgeContext(options: {
  store: EventStore;
  channel: Channel;
  logger: Logger;
  media?: Pick<MediaStore, 'get'>;
  conversationIdFor(workspaceId: string, address: string): Promise<string>;
  cache?: AggregateCache;
}): BridgeContext {
  const { store, channel, logger } = options;
  const deps = {
    store,
    registry: atendeRegistry,
    cache: options.cache ?? new AggregateCache(BRIDGE_AGGREGATE_CACHE_ENTRIES),
  };
  return {
    store,
    channel,
    logger,
    deps,
    routing: new ConversationRouting(store, options.conversationIdFor),
    closedWorkspaces: new Set(),
    closedSessions: new Set(),
    media: options.media,
    conversationCommand: (streamId, command, context) =>
      handleCommand(deps, conversationDecider, streamId, command, context),
    logFailure(error, detail, msg) {
      if (error instanceof DomainError) logger.warn({ ...detail, code: error.code, err: error }, msg);
      else logger.error({ ...detail, err: error }, msg);
    },
  };
}
