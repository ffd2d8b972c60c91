import type { ChannelEvent } from '@atende/events';

type Listener = (event: ChannelEvent) => void | Promise<void>;

/**
 * The listeners of a channel driver and what they are still recording: `emit` hands an event to
 * each (one failing listener does not stop the others or the driver), `delivered` waits until
 * everything emitted so far is recorded — a driver answers the provider only then, as an ack would.
 */
export class ChannelListeners {
  private readonly listeners = new Set<Listener>();
  private readonly pending = new Set<Promise<void>>();

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
    for (const listener of [...this.listeners]) {
      try {
        const recording = listener(event);
        if (recording) {
          const tracked: Promise<void> = recording.finally(() => this.pending.delete(tracked));
          // Failures surface through `delivered()` (to whoever waits); nobody waiting is not an error.
          tracked.catch(() => undefined);
          this.pending.add(tracked);
        }
      } catch {
        // One failing listener must not stop the others.
      }
    }
  }

  /** Resolves once every event emitted so far is recorded (rejects if one could not be). */
  async delivered(): Promise<void> {
    await Promise.all([...this.pending]);
  }
}
