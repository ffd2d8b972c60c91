import type { Client } from 'pg';
import { pgDriver } from './pg-driver.js';
import { LeaseAcquireStop, sleepUnlessAborted, type Lease } from '@atende/events';

export interface PostgresLeaseOptions {
  connectionString: string;
  /** The role the lease is for, e.g. `atende:relay`: one lock per name in the database. */
  name: string;
  /** How often a standby tries, and the holder checks its connection; default 1 s. */
  pollMs?: number;
}

/** Past this long without a confirmed check, the hold counts as lost (the server frees it after ≈10 s). */
const UNCONFIRMED_LOST_MS = 6000;

/**
 * A session-level advisory lock on a connection of its own: held while the connection lives, so a
 * holder that dies or is cut off loses it. The server notices a cut-off client by TCP keepalives,
 * set here to a few seconds (the default is two hours), and the holder notices by a query that
 * fails or times out: then it is told (onLost) and must stop.
 */
export class PostgresLease implements Lease {
  private client: Client | undefined;
  private held = false;
  private check: NodeJS.Timeout | undefined;
  private readonly lostListeners: ((reason: Error) => void)[] = [];
  private readonly pollMs: number;
  private readonly stop = new LeaseAcquireStop();

  constructor(private readonly options: PostgresLeaseOptions) {
    this.pollMs = options.pollMs ?? 1000;
  }

  /** The backend process id of the holding session (tests break the hold with it). */
  backendPid: number | undefined;

  async acquire(aborted?: AbortSignal): Promise<void> {
    const signal = this.stop.stopped(aborted); // a release stops an acquire still waiting
    for (;;) {
      if (signal.aborted) {
        await this.dropClient(); // a standby that stops keeps no connection open
        throw LeaseAcquireStop.aborted();
      }
      try {
        const client = await this.connect();
        const { rows } = await client.query<{ held: boolean }>(
          'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS held',
          [this.options.name],
        );
        // Released while asking: the loop's start ends the session, which frees the lock.
        if (rows[0]?.held && !signal.aborted) {
          this.held = true;
          this.watch(client);
          return;
        }
      } catch {
        await this.dropClient(); // the server is away: try again with a new connection
      }
      await sleepUnlessAborted(this.pollMs, signal);
    }
  }

  onLost(listener: (reason: Error) => void): void {
    this.lostListeners.push(listener);
  }

  async release(): Promise<void> {
    this.stop.release();
    this.held = false;
    if (this.check) clearInterval(this.check);
    // Ending the session releases the lock (and spares a round trip for pg_advisory_unlock).
    await this.dropClient();
  }

  private async connect(): Promise<Client> {
    if (this.client) return this.client;
    const client = new (pgDriver().Client)({
      connectionString: this.options.connectionString,
      application_name: `atende-lease:${this.options.name}`,
      keepAlive: true,
      query_timeout: Math.max(2000, this.pollMs * 2),
    });
    client.on('error', (error) => this.lose(error));
    await client.connect();
    // The server drops a session whose client stopped answering in ≈10 s, freeing the lock.
    await client.query(
      'SET tcp_keepalives_idle = 4; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3',
    );
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    this.backendPid = rows[0]?.pid;
    this.client = client;
    return client;
  }

  private watch(client: Client): void {
    client.once('end', () => this.lose(new Error('the lease connection ended')));
    let confirmedAt = Date.now();
    this.check = setInterval(() => {
      client.query('SELECT 1').then(
        () => (confirmedAt = Date.now()),
        (error: Error) => {
          // A slow answer (a busy machine) is not a lost lock: the lock goes only with the session,
          // which the server ends after ≈10 s without an answer. Give up well before that.
          if (Date.now() - confirmedAt > UNCONFIRMED_LOST_MS) this.lose(error);
        },
      );
    }, this.pollMs);
    this.check.unref();
  }

  private lose(reason: Error): void {
    if (!this.held) return;
    this.held = false;
    if (this.check) clearInterval(this.check);
    void this.dropClient();
    for (const listener of this.lostListeners) listener(reason);
  }

  private async dropClient(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}
