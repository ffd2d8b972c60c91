import type { z } from 'zod';
import { deterministicEventId, newId } from './ids.js';
import { InvalidEventError } from './errors.js';
import type { DomainEvent, NewEvent, RawStoredEvent, StoredEvent } from './envelope.js';
import { eventMetadataSchema } from './envelope.js';
import type { EventDefinition } from './define-event.js';
import { sealedPartOf } from './sealed-fields.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDefinition = EventDefinition<string, z.ZodType<any>>;

/** Who and why, attached to every event a command produces. */
export interface EventContext {
  workspaceId: string;
  actorId?: string;
  correlationId?: string;
  causationId?: string;
  /** ISO time the fact happened; defaults to now. */
  occurredAt?: string;
}

function formatIssues(error: z.ZodError): string {
  return error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

/**
 * An event a registry validated (prepare) or made from one it validated (withSealedData): appended
 * without being checked again. A class rather than a WeakSet of objects: adding each event to a
 * weak set cost more than a microsecond once many were alive. A copy (spread, JSON) is a plain
 * object again, so it cannot pass for prepared; `#by` ties it to its registry.
 */
class PreparedEvent {
  readonly #by: EventRegistry;

  constructor(
    by: EventRegistry,
    readonly type: string,
    readonly data: unknown,
    readonly metadata: NewEvent['metadata'],
  ) {
    this.#by = by;
    Object.freeze(this);
  }

  static isFrom(event: object, registry: EventRegistry): boolean {
    return event instanceof PreparedEvent && event.#by === registry;
  }
}

/** The set of known event types, used to validate before writing and to parse/upcast on read. */
export class EventRegistry {
  private readonly byType = new Map<string, AnyDefinition>();

  constructor(definitions: readonly AnyDefinition[]) {
    for (const def of definitions) {
      if (this.byType.has(def.type)) throw new Error(`Event type ${def.type} defined twice`);
      this.byType.set(def.type, def);
    }
  }

  has(type: string): boolean {
    return this.byType.has(type);
  }

  types(): string[] {
    return [...this.byType.keys()];
  }

  /** The definition of a known type (its schema, version, sealed fields); throws for an unknown one. */
  definition(type: string): AnyDefinition {
    const def = this.byType.get(type);
    if (!def) throw new InvalidEventError(type, 'unknown event type');
    return def;
  }

  /**
   * The stored form of a valid event, its sealed fields replaced by `{ $sealed }` (the event-store
   * layer's encryption): counted as validated, since the event it comes from was.
   */
  withSealedData(event: NewEvent, data: Record<string, unknown>): NewEvent {
    this.assertValid(event);
    return new PreparedEvent(this, event.type, data, event.metadata) as NewEvent;
  }

  /** Validates a decider's event and wraps it with metadata (deterministic id when it has a business key). */
  prepare<E extends DomainEvent>(event: E, context: EventContext): NewEvent<E> {
    const def = this.definition(event.type);
    const parsed = def.schema.safeParse(event.data);
    if (!parsed.success) throw new InvalidEventError(event.type, formatIssues(parsed.error));
    const key = def.idempotencyKey?.(parsed.data);
    const metadata = {
      eventId: key === undefined ? newId() : deterministicEventId(context.workspaceId, key),
      workspaceId: context.workspaceId,
      ...(context.actorId ? { actorId: context.actorId } : {}),
      ...(context.correlationId ? { correlationId: context.correlationId } : {}),
      ...(context.causationId ? { causationId: context.causationId } : {}),
      occurredAt: context.occurredAt ?? new Date().toISOString(),
      schemaVersion: def.version,
    };
    return new PreparedEvent(
      this,
      event.type,
      parsed.data,
      Object.freeze(metadata),
    ) as unknown as NewEvent<E>;
  }

  /** Throws InvalidEventError unless the event is exactly what the current schema allows. */
  assertValid(event: NewEvent): void {
    if (PreparedEvent.isFrom(event, this)) return; // made by prepare() above: validated already
    const def = this.definition(event.type);
    const meta = eventMetadataSchema.safeParse(event.metadata);
    if (!meta.success) throw new InvalidEventError(event.type, `metadata ${formatIssues(meta.error)}`);
    if (meta.data.schemaVersion !== def.version) {
      throw new InvalidEventError(event.type, `schemaVersion must be ${def.version} for new events`);
    }
    const data = def.schema.safeParse(event.data);
    if (!data.success) throw new InvalidEventError(event.type, formatIssues(data.error));
  }

  /**
   * Parses an event read back from a store, upcasting older schema versions to the current one.
   * `trusted`: the event was validated by this registry when it was written, so an event already at
   * the current version only gets a structural check of its envelope (bulk replays); upcast ones
   * are always validated.
   */
  parse<E extends DomainEvent = DomainEvent>(
    raw: RawStoredEvent,
    options: { trusted?: boolean } = {},
  ): StoredEvent<E> {
    const def = this.definition(raw.type);
    const metadata = raw.metadata as Record<string, unknown> | null;
    if (sealedPartOf(raw.data)) {
      // Still sealed (read without keys: the relay, a bus consumer before it opens the batch): only
      // the envelope is checked; the opener parses it again, upcasting and all, once it is open.
      if (
        options.trusted &&
        metadata !== null &&
        typeof metadata === 'object' &&
        typeof metadata.eventId === 'string'
      ) {
        // As it is: every follower of the log gets this for each new event (no copy to collect).
        return raw as StoredEvent<E>;
      }
      const meta = eventMetadataSchema.safeParse(raw.metadata);
      if (!meta.success) throw new InvalidEventError(raw.type, `metadata ${formatIssues(meta.error)}`);
      return { ...raw, type: def.type, metadata: meta.data } as StoredEvent<E>;
    }
    if (
      options.trusted &&
      metadata !== null &&
      typeof metadata === 'object' &&
      metadata.schemaVersion === def.version &&
      typeof metadata.eventId === 'string' &&
      typeof metadata.workspaceId === 'string' &&
      typeof metadata.occurredAt === 'string' &&
      typeof raw.data === 'object' &&
      raw.data !== null
    ) {
      return {
        // The definition's own string: a literal V8 interned, so the lookups on it (handler maps,
        // sets of types) do not hash a fresh string per event.
        type: def.type,
        data: raw.data,
        metadata,
        streamId: raw.streamId,
        streamPosition: raw.streamPosition,
        globalPosition: raw.globalPosition,
      } as StoredEvent<E>;
    }
    const meta = eventMetadataSchema.safeParse(raw.metadata);
    if (!meta.success) throw new InvalidEventError(raw.type, `metadata ${formatIssues(meta.error)}`);
    let version = meta.data.schemaVersion;
    let data = raw.data as Record<string, unknown>;
    while (version < def.version) {
      const upcast = def.upcasters[version];
      if (!upcast) throw new InvalidEventError(raw.type, `no upcaster from version ${version}`);
      data = upcast(data);
      version += 1;
    }
    const parsed = def.schema.safeParse(data);
    if (!parsed.success) throw new InvalidEventError(raw.type, formatIssues(parsed.error));
    return {
      type: def.type as E['type'],
      data: parsed.data as E['data'],
      metadata: { ...meta.data, schemaVersion: def.version },
      streamId: raw.streamId,
      streamPosition: raw.streamPosition,
      globalPosition: raw.globalPosition,
    } as StoredEvent<E>;
  }
}
