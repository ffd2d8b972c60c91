import type { Decider } from './decider.js';
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
}

/**
 * Reads the stream, decides, appends with the version it read, and on a concurrency conflict
 * starts again from the fresh stream. Domain errors propagate unchanged; nothing is written then.
 */
export async function handleCommand<C, E extends DomainEvent, S>(
  deps: CommandHandlerDeps,
  decider: Decider<C, E, S>,
  streamId: string,
  command: C,
  context: EventContext,
): Promise<HandleCommandResult<E, S>> {
  const attempts = deps.maxAttempts ?? 3;
  for (let attempt = 1; ; attempt += 1) {
    const past = (await deps.store.readStream<E>(streamId)) as StoredEvent<E>[];
    const state = past.reduce(
      (s, e) => decider.evolve(s, { type: e.type, data: e.data } as E),
      decider.initialState(),
    );
    const version = past.length === 0 ? 'no_stream' : past[past.length - 1]!.streamPosition;
    const events = decider.decide(command, state);
    if (events.length === 0) {
      return { events, globalPositions: [], newState: state, nextExpectedVersion: version };
    }
    const prepared = events.map((e) => deps.registry.prepare(e, context));
    try {
      const result = await deps.store.appendToStream(streamId, prepared, { expectedVersion: version });
      return {
        events,
        globalPositions: result.globalPositions,
        newState: events.reduce(decider.evolve, state),
        nextExpectedVersion: result.nextExpectedVersion,
      };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError) || attempt >= attempts) throw error;
    }
  }
}
