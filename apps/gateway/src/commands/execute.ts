import {
  AggregateCache,
  atendeRegistry,
  handleCommand,
  type Decider,
  type DomainEvent,
} from '@atende/events';
import type { RequestContext } from '../auth/request-context.js';
import type { GatewayDeps } from '../http/gateway-deps.js';

/**
 * One cache of recent stream states per gateway (per deps, unless the process shares its own), so a
 * command reads only new events.
 */
const caches = new WeakMap<GatewayDeps, AggregateCache>();
function cacheOf(deps: GatewayDeps): AggregateCache {
  if (deps.aggregateCache) return deps.aggregateCache;
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = new AggregateCache(10_000)));
  return cache;
}

/** How long an answer waits for the read models to include what it wrote (read-your-writes). */
export const READ_YOUR_WRITES_WAIT_MS = 2000;

/**
 * Waits (at most `timeoutMs`) until the read models include everything the log holds now: for an
 * answer after writes that were not this request's own command (another process's, the sandbox
 * phone's). True once they do.
 */
export async function readModelsShowLog(
  deps: Pick<GatewayDeps, 'store' | 'progress'>,
  timeoutMs = READ_YOUR_WRITES_WAIT_MS,
): Promise<boolean> {
  return deps.progress.waitForPosition(await deps.store.lastGlobalPosition(), timeoutMs);
}

/**
 * Runs a command for the signed-in member: decide, append (the event is in the log before the answer
 * goes out), then wait briefly until the read models include it, so the client's next read sees it.
 */
export async function execute<C, E extends DomainEvent, S>(
  deps: GatewayDeps,
  ctx: RequestContext,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
): Promise<{ events: E[]; newState: S; position: number }> {
  const result = await handleCommand(
    { store: deps.store, registry: atendeRegistry, cache: cacheOf(deps) },
    decider,
    streamId,
    command,
    {
      workspaceId: ctx.workspaceId,
      actorId: ctx.userId,
      ...(ctx.requestId ? { correlationId: ctx.requestId } : {}),
    },
  );
  const position = result.globalPositions.length > 0 ? Math.max(...result.globalPositions) : 0;
  if (position > 0) await deps.progress.waitForPosition(position, READ_YOUR_WRITES_WAIT_MS);
  return { events: result.events, newState: result.newState, position };
}
