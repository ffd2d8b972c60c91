import type { AggregateCache, CachedAggregate } from './aggregate-cache.js';
import type { Decider, StateCodec } from './decider.js';
import type { DomainEvent, StoredEvent } from './envelope.js';
import { WrongExpectedVersionError } from './errors.js';
import type { EventContext, EventRegistry } from './registry.js';
import type { EventStore } from '../ports/event-store.js';

export interface HandleCommandResult<E extends DomainEvent, S> {
  /** The events the decider produced (empty when the command changed nothing). */
  events: E[];
  /** Global positions they were stored at. */
  globalPositions: number[];
  newState: S;
  nextExpectedVersion: number | 'no_stream';
}

export interface CommandHandlerDeps {
  store: EventStore;
  registry: EventRegistry;
  /** Attempts when another writer got there first; default 3. */
  maxAttempts?: number;
  /** States of recent streams: a command then reads only the stream's new events. */
  cache?: AggregateCache;
}

/** Events past a snapshot (or the stream's start) after which a load keeps a new snapshot. */
export const SNAPSHOT_AFTER_EVENTS = 16;

/** The stream's snapshot, decoded, when the store keeps snapshots and it is of the decider's codec. */
async function snapshotOf<S>(
  store: EventStore,
  codec: StateCodec<S> | undefined,
  streamId: string,
): Promise<{ version: number; state: S } | undefined> {
  if (!codec || !store.snapshots) return undefined;
  try {
    const found = await store.snapshots.read(streamId);
    if (!found || found.schema !== codec.schema) return undefined;
    return { version: found.version, state: codec.decode(JSON.parse(found.state)) };
  } catch {
    return undefined; // one that cannot be read (damaged): the stream itself is the truth
  }
}

/**
 * A stream's current state and version: its tail after the cached state or the stream's snapshot
 * (or the whole stream), folded with the decider. Events were validated when written, so they are
 * read back trusted. A tail of SNAPSHOT_AFTER_EVENTS or more leaves a new snapshot.
 */
export async function loadAggregate<C, E extends DomainEvent, S>(
  deps: Pick<CommandHandlerDeps, 'store' | 'cache'>,
  decider: Decider<C, E, S>,
  streamId: string,
  options: { ignoreCache?: boolean } = {},
): Promise<{ state: S; version: number | 'no_stream' }> {
  const fromCache = options.ignoreCache ? undefined : deps.cache?.get<S>(streamId);
  const cached = fromCache ?? (await snapshotOf(deps.store, decider.snapshot, streamId));
  const past = (await deps.store.readStream<E>(streamId, {
    fromStreamPosition: cached ? cached.version + 1 : 0,
    trusted: true,
    ...(decider.readsSealedOf ? { openTypes: decider.readsSealedOf } : {}),
  })) as StoredEvent<E>[];
  let state = cached ? cached.state : decider.initialState();
  for (const e of past) state = decider.evolve(state, { type: e.type, data: e.data } as E);
  const last = past[past.length - 1];
  const version: number | 'no_stream' = last ? last.streamPosition : cached ? cached.version : 'no_stream';
  // What the cache gave back unchanged it holds already.
  if (deps.cache && version !== 'no_stream' && (past.length > 0 || cached !== fromCache)) {
    deps.cache.set(streamId, cacheEntry(decider, version, state));
  }
  const codec = decider.snapshot;
  if (last && past.length >= SNAPSHOT_AFTER_EVENTS && codec && deps.store.snapshots) {
    const snapshot = {
      version: last.streamPosition,
      schema: codec.schema,
      state: JSON.stringify(codec.encode(state)),
    };
    // A snapshot is a cache: failing to keep one only means the next load reads further back.
    await deps.store.snapshots.write(streamId, last.metadata.workspaceId, snapshot).catch(() => undefined);
  }
  return { state, version };
}

/** A state as the cache keeps it, weighed by its decider when it can say. */
function cacheEntry<S>(
  decider: Pick<Decider<never, DomainEvent, S>, 'weigh'>,
  version: number,
  state: S,
): CachedAggregate<S> {
  return decider.weigh ? { version, state, weight: decider.weigh(state) } : { version, state };
}

/** The decider's answer, or what it threw (kept until the state it decided on is confirmed). */
function tryDecide<C, E extends DomainEvent, S>(
  decider: Decider<C, E, S>,
  command: C,
  state: S,
): { events: E[]; error?: unknown } {
  try {
    return { events: decider.decide(command, state) };
  } catch (error) {
    return { events: [], error };
  }
}

/**
 * Decides on the stream's state, appends with the version it decided on, and on a concurrency
 * conflict starts again from the whole stream. Domain errors propagate unchanged; nothing is
 * written then.
 *
 * With a cache, the first attempt decides on the cached state without reading the store: events it
 * decides are appended with the cached version, so if another writer moved the stream the append
 * conflicts and the retry reads it. A decision that appends nothing (a no-op or a refusal) has no
 * such check, so it is confirmed against the stream's tail first and taken again if the tail moved.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  context: EventContext,
): Promise<HandleCommandResult<E, S>> {
  const attempts = deps.maxAttempts ?? 3;
  const cache = deps.cache;
  for (let attempt = 1; ; attempt += 1) {
    const cached = attempt === 1 ? cache?.get<S>(streamId) : undefined;
    let loaded: { state: S; version: number | 'no_stream' } =
      cached ?? (await loadAggregate(deps, decider, streamId, { ignoreCache: attempt > 1 }));
    let outcome = tryDecide(decider, command, loaded.state);
    if (cached && (outcome.error !== undefined || outcome.events.length === 0)) {
      const current = await loadAggregate(deps, decider, streamId);
      if (current.version !== cached.version) {
        loaded = current;
        outcome = tryDecide(decider, command, current.state);
      }
    }
    if (outcome.error !== undefined) throw outcome.error;
    const { state, version } = loaded;
    const events = outcome.events;
    if (events.length === 0) {
      return { events, globalPositions: [], newState: state, nextExpectedVersion: version };
    }
    const prepared = events.map((e) => deps.registry.prepare(e, context));
    try {
      const result = await deps.store.appendToStream(streamId, prepared, { expectedVersion: version });
      const newState = events.reduce(decider.evolve, state);
      // Some events already stored (an idempotent retry) make the folded state uncertain: re-read next time.
      if (result.written === prepared.length) {
        cache?.set(streamId, cacheEntry(decider, result.nextExpectedVersion, newState));
      } else cache?.delete(streamId);
      return {
        events,
        globalPositions: result.globalPositions,
        newState,
        nextExpectedVersion: result.nextExpectedVersion,
      };
    } catch (error) {
      cache?.delete(streamId);
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}
