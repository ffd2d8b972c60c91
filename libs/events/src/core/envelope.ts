import { z } from 'zod';

export const eventMetadataSchema = z.object({
  eventId: z.string().uuid(),
  workspaceId: z.string().min(1),
  actorId: z.string().min(1).optional(),
  correlationId: z.string().min(1).optional(),
  causationId: z.string().min(1).optional(),
  occurredAt: z.string().datetime({ offset: true }),
  schemaVersion: z.number().int().positive(),
});
export type EventMetadata = z.infer<typeof eventMetadataSchema>;

/** An event as deciders emit it. */
export interface DomainEvent<T extends string = string, D = unknown> {
  readonly type: T;
  readonly data: D;
}

/** An event ready to append: data plus metadata (ids and version filled in by `EventRegistry.prepare`). */
export type NewEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? { readonly type: E['type']; readonly data: E['data']; readonly metadata: EventMetadata }
  : never;

/**
 * An event read back from the store (DESIGN §3 envelope). Positions start at 0 (stream) and 1 (global).
 * Distributes over a union, so a `switch (event.type)` narrows `data`.
 */
export type StoredEvent<E extends DomainEvent = DomainEvent> = E extends DomainEvent
  ? {
      readonly type: E['type'];
      readonly data: E['data'];
      readonly metadata: EventMetadata;
      readonly streamId: string;
      readonly streamPosition: number;
      readonly globalPosition: number;
    }
  : never;

/** What the store hands back before the data is validated and upcast. */
export interface RawStoredEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata: unknown;
  readonly streamId: string;
  readonly streamPosition: number;
  readonly globalPosition: number;
}
