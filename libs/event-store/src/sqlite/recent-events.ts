import type { RawStoredEvent } from '@atende/events';

/**
 * Events kept (up to a quarter more between trims). ≈0.8 KB each: 10,000 kept up to twice that held
 * 15 MB of heap (bench:memory); the one follower of an embedded process lags far less.
 */
const RECENT_EVENTS_KEPT = 5_000;

/**
 * The last events this process appended, as read back from the log would give them, so the live
 * followers of the log (projectors, fan-out, channel bridge) take new events from memory instead of
 * each querying and parsing them again. Only a contiguous run of positions is kept: an event another
 * process wrote in between starts the run again, and whatever is not here is read from the file.
 */
export class RecentEvents {
  private events: RawStoredEvent[] = [];

  constructor(private readonly max = RECENT_EVENTS_KEPT) {}

  add(event: RawStoredEvent): void {
    const last = this.events[this.events.length - 1];
    if (last && event.globalPosition !== last.globalPosition + 1) this.events = [];
    this.events.push(event);
    if (this.events.length > this.max + this.max / 4) {
      this.events = this.events.slice(this.events.length - this.max);
    }
  }

  /** Up to `limit` events from `position` on, or undefined when `position` is not held here. */
  from(position: number, limit: number): RawStoredEvent[] | undefined {
    const first = this.events[0];
    if (!first) return undefined;
    const index = position - first.globalPosition;
    if (index < 0 || index >= this.events.length) return undefined;
    return this.events.slice(index, index + limit);
  }
}
