/**
 * The exclusive right of one process among several to run a role that must run once (the relay,
 * the live projector): the others wait as standbys and one of them takes over when the holder dies.
 * Adapters: a PostgreSQL advisory lock, a Redis key with a TTL; both pass the lease contract suite.
 */
export interface Lease {
  /** Resolves once this process holds the lease, waiting while another does; rejects when aborted. */
  acquire(signal?: AbortSignal): Promise<void>;
  /**
   * Called once when the lease is lost while held (connection gone, renewal refused): another
   * process may hold it from then on, so the holder must stop the role at once.
   */
  onLost(listener: (reason: Error) => void): void;
  /**
   * Gives it up: a standby takes over without waiting for a timeout. An acquire still waiting
   * rejects as aborted (a standby that stops must not take the lease afterwards); a released lease
   * is not acquired again.
   */
  release(): Promise<void>;
}

/**
 * What an adapter's acquire waits on: the caller's signal and the lease's release. `stopped()` is
 * the signal to loop on; `release()` aborts it. An acquire that stops rejects with `aborted()`.
 */
export class LeaseAcquireStop {
  private readonly released = new AbortController();

  /** Aborted once either the caller's signal or this lease's release is. */
  stopped(caller: AbortSignal | undefined): AbortSignal {
    return caller ? AbortSignal.any([caller, this.released.signal]) : this.released.signal;
  }

  release(): void {
    this.released.abort();
  }

  /** The error an acquire rejects with when it stops. */
  static aborted(): Error {
    return Object.assign(new Error('lease acquire aborted'), { name: 'AbortError' });
  }
}
