import type { StoredEvent } from '@atende/events';

/**
 * The bus delivered events in an order no redelivery explains, or events the log does not have:
 * skipping would hide events from the read models (issue 27: a topic with 3 partitions, 1,311 of
 * 3,000 messages missing from the inbox), so the consumer stops with this instead.
 */
export class BusOrderError extends Error {
  readonly code = 'BUS_OUT_OF_ORDER';

  constructor(
    /** 'reordered': an event the bus had skipped came later; 'ahead-of-log': the log ends before it. */
    readonly kind: 'reordered' | 'ahead-of-log',
    readonly bus: string,
    readonly expected: number,
    readonly received: number,
    detail: string,
  ) {
    super(`Event bus ${bus}: expected global position ${expected}, received ${received}. ${detail}`);
    this.name = 'BusOrderError';
  }
}

export interface BusSequencerOptions {
  /** First global position the consumer still needs. */
  from: number;
  /** At most `limit` events with a global position ≥ `position`, ascending (EventStore.readBatch). */
  readLog: (position: number, limit: number) => Promise<StoredEvent[]>;
  /** How errors name the bus, e.g. 'topic "atende.events" (consumer group "atende.events.projector")'. */
  bus: string;
  /** Most events read from the log at once while filling a gap; default 2000. */
  gapBatchSize?: number;
}

/** Ranges of positions kept to tell a late event from a redelivery; old ones matter least. */
const MAX_SKIPPED_RANGES = 1024;

/**
 * Turns the batches a bus delivers into batches in log order with nothing missing, for a consumer
 * that keeps one position over the whole log:
 * - an event below the next expected position is a redelivery (at-least-once bus, a relay that
 *   published again after a restart): dropped;
 * - an event past it means the bus skipped some: the positions in between are read from the log
 *   first. Positions the log does not have there are erasure holes (positions are never reused);
 *   a log that ends before the event means the bus carries events this log does not: BusOrderError;
 * - an event the bus had skipped (read from the log instead) arriving later is not a redelivery:
 *   one relay publishing in log order to one partition never does that, a topic with several
 *   partitions (or two relays) does. BusOrderError, naming the bus and both positions.
 * The skips it checks against are the ones after the bus's first event: the bus may legitimately
 * start past `from` and redeliver what comes before its first event.
 */
export class BusSequencer {
  private expected: number;
  private busStarted = false;
  /** Inclusive ranges read from the log because the bus skipped them, ascending. */
  private readonly skipped: [number, number][] = [];
  private readonly gapBatchSize: number;

  constructor(private readonly options: BusSequencerOptions) {
    this.expected = options.from;
    this.gapBatchSize = options.gapBatchSize ?? 2000;
  }

  /** The next global position the consumer needs. */
  next(): number {
    return this.expected;
  }

  /** Yields what the consumer must apply for one bus batch, in log order; never an empty batch. */
  async *accept(events: readonly StoredEvent[]): AsyncGenerator<StoredEvent[]> {
    let run: StoredEvent[] = [];
    for (const event of events) {
      const position = event.globalPosition;
      if (position < this.expected) {
        if (this.wasSkipped(position)) {
          throw new BusOrderError(
            'reordered',
            this.options.bus,
            this.expected,
            position,
            `The bus had skipped ${position} (it was read from the event log instead) and delivered it ` +
              `after later events: the bus does not keep the log's order (a topic with more than one ` +
              `partition, or two relays publishing). Stopping rather than skipping events.`,
          );
        }
        continue;
      }
      if (position > this.expected) {
        if (run.length > 0) yield run;
        run = [];
        yield* this.fill(position);
      }
      run.push(event);
      this.expected = position + 1;
      this.busStarted = true;
    }
    if (run.length > 0) yield run;
  }

  /**
   * Reads what the log holds from the next expected position up to `end` (included) because the bus
   * has been silent about it: not a skip the bus made, so its later delivery of these positions is a
   * redelivery, dropped like any other.
   */
  async *readAhead(end: number): AsyncGenerator<StoredEvent[]> {
    while (this.expected <= end) {
      const limit = Math.min(this.gapBatchSize, end - this.expected + 1);
      const page = (await this.options.readLog(this.expected, limit)).filter((e) => e.globalPosition <= end);
      if (page.length === 0) return; // erased meanwhile: nothing left to hand on
      yield page;
      this.expected = page[page.length - 1]!.globalPosition + 1;
    }
  }

  /** Reads the positions from `expected` up to `until` (excluded) from the log. */
  private async *fill(until: number): AsyncGenerator<StoredEvent[]> {
    const start = this.expected;
    let lastRead: number | undefined;
    for (;;) {
      // One more than the gap: seeing `until` (or past it) in the log proves the log reaches it.
      const limit = Math.min(this.gapBatchSize, until - this.expected + 1);
      const page = await this.options.readLog(this.expected, limit);
      const inGap = page.filter((e) => e.globalPosition < until);
      if (inGap.length > 0) {
        yield inGap;
        lastRead = inGap[inGap.length - 1]!.globalPosition;
        this.expected = lastRead + 1;
      }
      if (inGap.length < page.length) break;
      if (page.length < limit) {
        throw new BusOrderError(
          'ahead-of-log',
          this.options.bus,
          this.expected,
          until,
          `The event log has no event from ${this.expected} on: the bus carries events this log does ` +
            `not have (a topic of another deployment, or a store restored from an older backup?). ` +
            `Stopping rather than skipping events.`,
        );
      }
    }
    if (this.busStarted && lastRead !== undefined) this.remember(start, lastRead);
    this.expected = until;
  }

  private remember(from: number, to: number): void {
    const last = this.skipped[this.skipped.length - 1];
    if (last && last[1] + 1 >= from) last[1] = Math.max(last[1], to);
    else this.skipped.push([from, to]);
    if (this.skipped.length > MAX_SKIPPED_RANGES) this.skipped.shift();
  }

  private wasSkipped(position: number): boolean {
    let low = 0;
    let high = this.skipped.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const [from, to] = this.skipped[middle]!;
      if (position < from) high = middle - 1;
      else if (position > to) low = middle + 1;
      else return true;
    }
    return false;
  }
}
