import type { DomainEvent } from './envelope.js';

/**
 * The pure heart of an aggregate: `decide` turns a command and the current state into new events
 * (or throws a DomainError), `evolve` folds one event into the state.
 */
export interface Decider<C, E extends DomainEvent, S> {
  readonly initialState: () => S;
  readonly decide: (command: C, state: S) => E[];
  readonly evolve: (state: S, event: E) => S;
}

/** Folds past events into a state. */
export function fold<C, E extends DomainEvent, S>(decider: Decider<C, E, S>, events: readonly E[]): S {
  return events.reduce(decider.evolve, decider.initialState());
}

/** Compile-time guard that a `switch` over a union handled every member. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
