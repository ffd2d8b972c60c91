import type { ReadModels } from '@atende/events';
import type { ProjectionProgress } from '../http/gateway-deps.js';

/**
 * How far a projector in another process has come, read from the shared read models' checkpoints
 * (distributed mode): read-your-writes and pushes wait until every listed projection holds a position.
 */
export class ReadModelsProgress implements ProjectionProgress {
  /** Highest position seen reached: checkpoints only move forward, so no need to ask again below it. */
  private reached = 0;

  constructor(
    private readonly readModels: ReadModels,
    private readonly projections: readonly string[],
    private readonly pollMs = 2,
  ) {}

  async position(): Promise<number> {
    const checkpoints = await Promise.all(this.projections.map((p) => this.readModels.view(p).checkpoint()));
    this.reached = Math.max(this.reached, Math.min(...checkpoints));
    return this.reached;
  }

  async waitForPosition(position: number, timeoutMs = 10_000): Promise<boolean> {
    if (position <= this.reached) return true; // the fan-out asks for every event: most are known
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if ((await this.position()) >= position) return true;
      if (Date.now() >= deadline) return false;
      await new Promise((resolve) => setTimeout(resolve, this.pollMs));
    }
  }
}
