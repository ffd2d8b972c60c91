import type { Decider } from '../core/decider.js';
import type { DomainEvent } from '../core/envelope.js';
import { DomainError } from '../core/errors.js';

/**
 * Given/when/then for deciders:
 * `spec(decider).given([...past]).when(command).then([...expected])` or `.thenThrows(code, message?)`.
 */
export function spec<C, E extends DomainEvent, S>(decider: Decider<C, E, S>) {
  return {
    given(past: readonly E[]) {
      const state = past.reduce(decider.evolve, decider.initialState());
      return {
        when(command: C) {
          const run = () => decider.decide(command, state);
          return {
            then(expected: readonly E[]) {
              expect(run()).toEqual(expected);
            },
            thenThrows(code: string, message?: string) {
              let caught: unknown;
              try {
                run();
              } catch (error) {
                caught = error;
              }
              expect(caught).toBeInstanceOf(DomainError);
              expect((caught as DomainError).code).toBe(code);
              if (message !== undefined) expect((caught as DomainError).message).toBe(message);
            },
          };
        },
      };
    },
  };
}
