/**
 * Which channel worker runs each WhatsApp session. A session costs a browser, so sessions are spread
 * over workers, each running at most its cap; one session must never run on two workers at once (two
 * browsers on one login fight over it and both may record the same messages). So a worker runs a
 * session only while it holds the session's lease: taken without waiting, renewed while the worker
 * lives, and given up when it stops. A worker that dies stops renewing, its leases expire within the
 * TTL, and the other workers take its sessions over.
 */
export interface SessionLeases {
  /** This worker's name in the leases: its id and a token of this start. */
  readonly owner: string;
  /**
   * Takes the session's lease unless another worker's live lease holds it, or this worker is at its
   * cap; never waits. True too when this worker held it already.
   */
  tryAcquire(sessionId: string): Promise<boolean>;
  /** Whether this worker holds the session's lease now (what it knows locally: no round trip). */
  holds(sessionId: string): boolean;
  /** The sessions this worker holds. */
  held(): string[];
  /** Leases this worker may still take before its cap (claims in flight count as taken). */
  room(): number;
  /** The live owners of these sessions; a session nobody holds is absent. */
  ownersOf(sessionIds: readonly string[]): Promise<Map<string, string>>;
  /** Gives one up: another worker may take it at once. */
  release(sessionId: string): Promise<void>;
  /**
   * Called once per lease lost while held (renewal refused, or not confirmed for most of the TTL):
   * another worker may take it any moment, so the session must stop here at once. Returns the
   * unsubscribe function.
   */
  onLost(listener: (sessionId: string, reason: Error) => void): () => void;
  /** Stops renewing and releases every lease held (the others take the sessions at once). */
  close(): Promise<void>;
}

/**
 * Where the leases live (the adapters: a Redis key per session, a PostgreSQL row per session). Expiry
 * is measured by the store's clock, so the workers' clocks never have to agree.
 */
export interface SessionLeaseStore {
  /** Takes or extends the lease for `owner` unless another owner's lease is live; true when held. */
  claim(sessionId: string, owner: string, ttlMs: number): Promise<boolean>;
  /** Extends the owner's live leases among these; resolves with those it still holds. */
  renew(sessionIds: readonly string[], owner: string, ttlMs: number): Promise<string[]>;
  /** Ends the owner's leases among these (another owner's are left alone). */
  release(sessionIds: readonly string[], owner: string): Promise<void>;
  /** The owners of these sessions' live leases. */
  owners(sessionIds: readonly string[]): Promise<Map<string, string>>;
  /** Closes the connection (releases nothing: an abandoned lease expires). */
  close(): Promise<void>;
}
