import type { z } from 'zod';
import type { SealedFieldsSpec } from './sealed-fields.js';

/** Turns the data of version `n` into the data of version `n + 1`. */
export type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

export interface EventDefinition<T extends string, S extends z.ZodType> {
  readonly type: T;
  /** Current schema version; events stored with an older one are upcast on read. */
  readonly version: number;
  readonly schema: S;
  /** upcasters[v] converts data of version v into version v + 1. */
  readonly upcasters: Readonly<Record<number, Upcaster>>;
  /**
   * Business identity of the event, when it has one (a provider's message id, a client's message id).
   * Its event id is derived from it, so the same fact appended twice is stored once.
   */
  readonly idempotencyKey?: (data: z.infer<S>) => string;
  /** Personal data or secrets kept encrypted in the log (sealed-fields.ts). */
  readonly sealed?: SealedFieldsSpec;
}

export interface DefineEventOptions<S extends z.ZodType> {
  version?: number;
  upcasters?: Record<number, Upcaster>;
  idempotencyKey?: (data: z.infer<S>) => string;
  sealed?: SealedFieldsSpec;
}

/** Declares an event type: its name, zod schema, version and upcasters. */
export function defineEvent<const T extends string, S extends z.ZodType>(
  type: T,
  schema: S,
  options: DefineEventOptions<S> = {},
): EventDefinition<T, S> {
  return {
    type,
    schema,
    version: options.version ?? 1,
    upcasters: options.upcasters ?? {},
    ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
    ...(options.sealed ? { sealed: options.sealed } : {}),
  };
}

/** The plain `{ type, data }` record a decider emits for a definition. */
export type EventOf<D> =
  D extends EventDefinition<infer T, infer S> ? { readonly type: T; readonly data: z.infer<S> } : never;
