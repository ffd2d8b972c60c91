/** A stream's state as of a stream position (the last event folded into it). */
export interface CachedAggregate<S = unknown> {
  version: number;
  state: S;
}

/**
 * States of recently used streams, so a command need not read the whole stream. Safe across
 * processes: handleCommand appends with the cached version (a stream moved elsewhere conflicts and
 * is read again) and confirms decisions that append nothing against the stream's tail; loadAggregate
 * reads the tail after the cached version. States must be immutable (deciders' evolve returns new ones).
 */
export class AggregateCache {
  private readonly entries = new Map<string, CachedAggregate>();

  constructor(private readonly maxEntries = 10_000) {}

  get<S>(streamId: string): CachedAggregate<S> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry) return undefined;
    // Most recently used last: the oldest is evicted first.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as CachedAggregate<S>;
  }

  set<S>(streamId: string, entry: CachedAggregate<S>): void {
    const current = this.entries.get(streamId);
    if (current && current.version > entry.version) return; // never go back to an older state
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }

  get size(): number {
    return this.entries.size;
  }
}
