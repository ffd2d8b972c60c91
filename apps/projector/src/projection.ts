import type { AtendeEvent, ProjectionTx, StoredEvent } from '@atende/events';

/**
 * A read model fed only by events: `apply` turns one event into writes on its own collections and
 * indexes. It must be deterministic (same events → same read model) and must not mutate documents
 * it read (write new objects), so rebuilds equal live and a failed batch leaves nothing behind.
 */
export interface Projection {
  /** Unique, kebab-case; also the key space in the read models and the `--projection` name. */
  readonly name: string;
  /** Event types it reads; the runner skips the rest (the checkpoint still moves). */
  readonly eventTypes: ReadonlySet<AtendeEvent['type']>;
  /** Synchronous: reads come from the batch (see ProjectionTx), so a replay costs no promise per event. */
  apply(event: StoredEvent<AtendeEvent>, tx: ProjectionTx): void;
}

/** Declares a projection with its handled event types inferred from the handler map. */
export function defineProjection(
  name: string,
  handlers: {
    [T in AtendeEvent['type']]?: (
      event: StoredEvent<Extract<AtendeEvent, { type: T }>>,
      tx: ProjectionTx,
    ) => void;
  },
): Projection {
  // A Map keyed by the (interned) type strings: a lookup per event, where a property of the
  // handler object with a varying name is a slow keyed load.
  const byType = new Map(
    Object.entries(handlers) as Array<[string, (e: StoredEvent<AtendeEvent>, t: ProjectionTx) => void]>,
  );
  return {
    name,
    eventTypes: new Set(byType.keys() as Iterable<AtendeEvent['type']>),
    apply: (event, tx) => byType.get(event.type)?.(event, tx),
  };
}
