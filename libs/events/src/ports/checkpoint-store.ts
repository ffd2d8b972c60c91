/**
 * Where a consumer of the log (the channel bridge's send follower, the Kafka relay…) keeps the
 * global position it has fully handled, so a restart resumes there instead of at the end (losing
 * work) or at zero (redoing it).
 */
export interface CheckpointStore {
  /** The saved position of `consumer`, or undefined when it never saved one. */
  load(consumer: string): Promise<number | undefined>;
  /** Saves `position` for `consumer` durably before resolving. */
  save(consumer: string, position: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * The relay + projector process's heartbeat (epoch ms), saved every few seconds beside the
 * checkpoints: gateways tell a projector that is idle from one that is dead (/readyz).
 */
export const RELAY_PROJECTOR_ALIVE = 'relay-projector-alive';

/**
 * 1 while the relay refuses the bus (a topic with the wrong partitioning: it publishes nothing until
 * an operator fixes it), 0 otherwise; published with the heartbeat so /readyz reports it.
 */
export const RELAY_REFUSING = 'relay-refusing';

/** In-process checkpoints (tests, and consumers that may start over). */
export class MemoryCheckpointStore implements CheckpointStore {
  private readonly positions = new Map<string, number>();
  async load(consumer: string): Promise<number | undefined> {
    return this.positions.get(consumer);
  }
  async save(consumer: string, position: number): Promise<void> {
    assertPosition(position);
    this.positions.set(consumer, position);
  }
  async close(): Promise<void> {}
}

/** Positions are non-negative integers (0: nothing handled yet). */
export function assertPosition(position: number): void {
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new RangeError(`Checkpoint position must be a non-negative integer, got ${position}`);
  }
}
