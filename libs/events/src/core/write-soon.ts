/**
 * A write that may lag a little (a checkpoint, a consumer's offsets): asked for with `soon()`, it
 * runs at most once per `intervalMs`, the asks made meanwhile going with it; `now()` runs it at once
 * (a stop). Runs one at a time, in order. `write` reads what to save when it runs, so each run saves
 * the latest; it handles its own failures (a failure rejects that run's `now()` only).
 */
export class WriteSoon {
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly write: () => Promise<void>,
    private readonly intervalMs: number,
  ) {}

  /** Runs the write within `intervalMs`, unless one is already due. */
  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.now().catch(() => undefined);
    }, this.intervalMs);
    // A process ending does not wait for it: what it would have saved is done again after a restart.
    this.timer.unref();
  }

  /** Runs the write now (after the one running, if any); resolves once it has. */
  now(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const run = this.writing.then(() => this.write());
    this.writing = run.catch(() => undefined);
    return run;
  }
}
