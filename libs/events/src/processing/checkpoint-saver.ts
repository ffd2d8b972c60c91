import type { CheckpointStore } from '../ports/checkpoint-store.js';
import { WriteSoon } from '../core/write-soon.js';

export interface CheckpointSaverOptions {
  checkpoints: CheckpointStore;
  /** The consumer whose checkpoint it is. */
  name: string;
  /** Where the consumer is: read when a save runs, so each save holds the latest. */
  position: () => number;
  /** What the store holds already (loaded at start): not written again. */
  saved: number | undefined;
  /** At most one save this often while the position moves. */
  everyMs: number;
  /** A save failed: it is not retried by itself; the next soon() or now() writes the position. */
  onError: (error: unknown, position: number) => void;
}

/**
 * A consumer's checkpoint saved behind its progress (the relay's, the channel bridge's): at most
 * once per `everyMs` while the position moves, and at once on `now()` (a stop). A round trip per
 * batch would cost more than it saves: a consumer restarted from a slightly older position gets
 * those events again, which it drops. A position already saved, or below 0 (nothing handled), is
 * not written.
 */
export class CheckpointSaver {
  private saved: number | undefined;
  private readonly writes: WriteSoon;

  constructor(private readonly options: CheckpointSaverOptions) {
    this.saved = options.saved;
    this.writes = new WriteSoon(() => this.write(), options.everyMs);
  }

  /** The position moved: saved within `everyMs`. */
  soon(): void {
    this.writes.soon();
  }

  /** Saves the position now; resolves once it is written (or its failure reported). */
  now(): Promise<void> {
    return this.writes.now();
  }

  private async write(): Promise<void> {
    const { checkpoints, name, onError } = this.options;
    const position = this.options.position();
    if (position === this.saved || position < 0) return;
    try {
      await checkpoints.save(name, position);
      this.saved = position;
    } catch (error) {
      onError(error, position);
    }
  }
}
