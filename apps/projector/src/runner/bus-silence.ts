/** The bus stayed silent about events the log has: they were read from the log instead. */
export interface BusStall {
  /** First position the source read from the log. */
  from: number;
  /** The log's end when checked: read up to here. */
  to: number;
  /** Since when the bus has been silent about events the log had (ms). */
  silentMs: number;
  /** The silence has lasted so long that the source subscribes to the bus again. */
  resubscribing: boolean;
}

export interface BusSilenceWatchOptions {
  stallMs: number;
  resubscribeAfterMs: number;
  /** The log's last global position. */
  logEnd: () => Promise<number>;
  now?: () => number;
}

/**
 * Tells a bus that is late from one that is silent. An idle bus (nothing past what it delivered in
 * the log) is never a stall; events the log had at one check and the bus still has not delivered at
 * the next (`stallMs` later) are. Once stalled, every check reads what the log has until the bus
 * delivers again; after `resubscribeAfterMs` of that, the subscription is replaced.
 */
export class BusSilenceWatch {
  private readonly now: () => number;
  private lastCheck = Number.NEGATIVE_INFINITY;
  /** When the log was first seen ahead of what the bus delivered, since the last delivery. */
  private aheadSince: number | undefined;
  /** When the source first read from the log in this silence. */
  private stalledSince: number | undefined;

  constructor(private readonly options: BusSilenceWatchOptions) {
    this.now = options.now ?? Date.now;
  }

  /** How long the source waits for a delivery before asking check(). */
  get checkEveryMs(): number {
    return this.options.stallMs;
  }

  /** A new subscription: its silence counts from now. */
  subscribed(): void {
    this.aheadSince = undefined;
    this.stalledSince = undefined;
    this.lastCheck = this.now();
  }

  /** The bus delivered: it is not silent. */
  delivered(): void {
    this.aheadSince = undefined;
    this.stalledSince = undefined;
  }

  /** At most once per `stallMs`: the stall to read from the log, if the bus is silent about `next` on. */
  async check(next: number): Promise<BusStall | undefined> {
    const t = this.now();
    if (t - this.lastCheck < this.options.stallMs) return undefined;
    this.lastCheck = t;
    const end = await this.options.logEnd();
    if (end < next) {
      this.aheadSince = undefined; // idle: the bus has delivered all there is
      return undefined;
    }
    if (this.aheadSince === undefined) {
      this.aheadSince = t; // give the bus one period to deliver it
      return undefined;
    }
    this.stalledSince ??= t;
    return {
      from: next,
      to: end,
      silentMs: t - this.aheadSince,
      resubscribing: t - this.stalledSince >= this.options.resubscribeAfterMs,
    };
  }
}
