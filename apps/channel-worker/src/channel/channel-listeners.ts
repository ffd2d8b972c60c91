import type { ChannelEvent } from '@atende/events';

type Listener = (event: ChannelEvent) => void | Promise<void>;

interface Waiter {
  /** Every event up to this sequence number must be recorded. */
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * The listeners of a channel driver and what they are still recording: `emit` hands an event to
 * each (one failing listener does not stop the others or the driver), `delivered` waits until
 * everything emitted so far is recorded — a driver answers the provider only then, as an ack would.
 *
 * Events are numbered as emitted; `delivered` waits for the lowest one still recording to pass its
 * number, so each call costs the same however many are in flight (a wait on every pending recording
 * made a burst of 1,000 in-flight messages cost a million promise reactions per second).
 */
export class ChannelListeners {
  private readonly listeners = new Set<Listener>();
  private emitted = 0;
  /** Sequence numbers still recording, in emit order (a Map keeps insertion order). */
  private readonly recording = new Map<number, true>();
  /** Waiters in the order they called, so by increasing `upTo`. */
  private readonly waiters: Waiter[] = [];

  add(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  clear(): void {
    this.listeners.clear();
  }

  emit(event: ChannelEvent): void {
    const recordings: Promise<void>[] = [];
    for (const listener of [...this.listeners]) {
      try {
        const recording = listener(event);
        if (recording) recordings.push(recording);
      } catch {
        // One failing listener must not stop the others.
      }
    }
    if (recordings.length === 0) return;
    const seq = (this.emitted += 1);
    this.recording.set(seq, true);
    const done = recordings.length === 1 ? recordings[0]! : Promise.all(recordings);
    done.then(
      () => this.finished(seq),
      (error: unknown) => {
        // Whoever waits for this event learns at once (as Promise.all would tell); nobody waiting
        // is not an error.
        this.rejectWaitersFor(seq, error);
        this.finished(seq);
      },
    );
  }

  /** Resolves once every event emitted so far is recorded (rejects if one could not be). */
  delivered(): Promise<void> {
    if (this.recording.size === 0) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiters.push({ upTo: this.emitted, resolve, reject });
    });
  }

  private finished(seq: number): void {
    this.recording.delete(seq);
    const lowest = this.recording.keys().next();
    const oldestRecording = lowest.done ? Infinity : lowest.value;
    while (this.waiters.length > 0 && this.waiters[0]!.upTo < oldestRecording)
      this.waiters.shift()!.resolve();
  }

  /** The waiters whose events include `seq` (they called after it was emitted) fail with its error. */
  private rejectWaitersFor(seq: number, error: unknown): void {
    const first = this.waiters.findIndex((w) => w.upTo >= seq);
    if (first === -1) return;
    for (const waiter of this.waiters.splice(first)) waiter.reject(error);
  }
}
