import type { DomainEvent } from './envelope.js';

/**
 * The pure heart of an aggregate: `decide` turns a command and the current state into new events
 * (or throws a DomainError), `evolve` folds one event into the state.
 */
export interface Decider<C, E extends DomainEvent, S> {
  readonly initialState: () => S;
  readonly decide: (command: C, state: S) => E[];
  readonly evolve: (state: S, event: E) => S;
  /**
   * The event types whose sealed (personal) fields evolve reads. A stream's other events may then be
   * folded still sealed, those fields absent: loading a long conversation decrypts its start, not
   * each message. Absent: evolve may read any field.
   */
  readonly readsSealedOf?: ReadonlySet<string>;
  /** How a state is kept as a snapshot (JSON), for streams that grow long; absent, none is kept. */
  readonly snapshot?: StateCodec<S>;
  /**
   * What a state costs the aggregate cache, in events' worth (≈350 bytes each). Absent: the events
   * folded into it, right for a state that grows with its stream.
   */
  readonly weigh?: (state: S) => number;
}

export interface StateCodec<S> {
  /** Bumped when the encoding or what evolve folds changes: older snapshots are then ignored. */
  readonly schema: number;
  readonly encode: (state: S) => unknown;
  readonly decode: (json: unknown) => S;
}

/** Folds past events into a state. */
export function fold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Compile-time guard that a `switch` over a union handled every member. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
