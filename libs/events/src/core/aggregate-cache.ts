/** A stream's state as of a stream position (the last event folded into it). */
export interface CachedAggregate<S = unknown> {
  version: number;
  state: S;
  /** What it costs the cache (Decider.weigh); absent, the events folded into it. */
  weight?: number;
}

/**
 * Events' worth a process's cached states may hold in all, ≈350 bytes each (a state weighs what its
 * decider says it holds, else the events it folded): a cache near 50 MB (bench:memory).
 */
const AGGREGATE_CACHE_EVENTS = 150_000;

/** What a cached state holds, in events' worth: by default the events it folded (positions start at 0). */
const weight = (entry: CachedAggregate) => entry.weight ?? entry.version + 1;

/**
 * States of recently used streams, so a command need not read the whole stream. Safe across
 * processes: handleCommand appends with the cached version (a stream moved elsewhere conflicts and
 * is read again) and confirms decisions that append nothing against the stream's tail; loadAggregate
 * reads the tail after the cached version. States must be immutable (deciders' evolve returns new ones).
 */
export class AggregateCache {
  private readonly entries = new Map<string, CachedAggregate>();
  /** Events folded into the cached states, summed: what their size grows with. */
  private events = 0;

  /**
   * `maxEvents` bounds the states by what they hold, not only by how many: a state that grows with
   * its stream would otherwise keep gigabytes for 10,000 long streams.
   */
  constructor(
    private readonly maxEntries = 10_000,
    private readonly maxEvents = AGGREGATE_CACHE_EVENTS,
  ) {}

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
    this.delete(streamId);
    this.entries.set(streamId, entry);
    this.events += weight(entry);
    // The least recently used go first; the one just set stays, however long its stream.
    while (this.entries.size > 1 && (this.entries.size > this.maxEntries || this.events > this.maxEvents)) {
      this.delete(this.entries.keys().next().value!);
    }
  }

  delete(streamId: string): void {
    const entry = this.entries.get(streamId);
    if (!entry) return;
    this.entries.delete(streamId);
    this.events -= weight(entry);
  }

  get size(): number {
    return this.entries.size;
  }
}
