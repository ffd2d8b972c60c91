import { SEALED_KEY } from '@atende/events';

/** Past this many, the oldest plain payloads are dropped (a follower that far behind decrypts). */
const DEFAULT_LIMIT = 65_536;

interface Remembered {
  eventId: string;
  /** The sealed fields' plain values only: the rest is in the row every follower reads anyway. */
  values: Record<string, unknown>;
}

/** Where a follower of the log in this process will read next. */
export interface FollowerMark {
  next: number;
}

/**
 * The plain payloads of the sealed events this process appended, kept by global position until
 * every follower of the log in this process (projector, channel bridge, notifier) has read past
 * them: they then need not decrypt what was encrypted a moment ago. Only the sealed fields' values
 * are kept (a few short texts), so what stays alive a while is small: keeping whole events cost the
 * ingest a tenth more garbage-collection time. Nothing is kept when nothing here follows.
 */
export class RecentAppends {
  private readonly byPosition = new Map<number, Remembered>();
  private readonly followers = new Set<FollowerMark>();

  constructor(private readonly limit = DEFAULT_LIMIT) {}

  remember(
    globalPosition: number,
    eventId: string,
    fields: readonly string[],
    data: Record<string, unknown>,
  ): void {
    if (this.followers.size === 0) return;
    const values: Record<string, unknown> = {};
    for (let i = 0; i < fields.length; i += 1) values[fields[i]!] = data[fields[i]!];
    this.byPosition.set(globalPosition, { eventId, values });
    if (this.byPosition.size > this.limit) {
      // Insertion order is append order: the first key is the oldest.
      this.byPosition.delete(this.byPosition.keys().next().value!);
    }
  }

  /**
   * The plain payload of an event read back sealed (its other fields and the values remembered), when
   * it is the one remembered at that position.
   */
  plainData(globalPosition: number, eventId: string, sealed: unknown): Record<string, unknown> | undefined {
    const known = this.byPosition.get(globalPosition);
    if (known?.eventId !== eventId) return undefined;
    const data: Record<string, unknown> = {};
    const stored = sealed as Record<string, unknown>;
    for (const field in stored) if (field !== SEALED_KEY) data[field] = stored[field];
    for (const field in known.values) data[field] = known.values[field];
    return data;
  }

  /** A follower starting at a position (0 when it starts at the end: it holds everything until its first page). */
  follow(from: number): FollowerMark {
    const mark = { next: from };
    this.followers.add(mark);
    return mark;
  }

  advanced(mark: FollowerMark, next: number): void {
    mark.next = next;
    this.trim();
  }

  unfollow(mark: FollowerMark): void {
    this.followers.delete(mark);
    if (this.followers.size === 0) this.byPosition.clear();
    else this.trim();
  }

  /** Keys were destroyed: what was remembered may hold data that must now read as removed. */
  clear(): void {
    this.byPosition.clear();
  }

  get size(): number {
    return this.byPosition.size;
  }

  private trim(): void {
    let slowest = Infinity;
    for (const mark of this.followers) if (mark.next < slowest) slowest = mark.next;
    for (const position of this.byPosition.keys()) {
      if (position >= slowest) break;
      this.byPosition.delete(position);
    }
  }
}
