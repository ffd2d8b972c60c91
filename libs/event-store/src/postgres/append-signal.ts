import { EventEmitter } from 'node:events';
import type { Client } from 'pg';
import { pgDriver } from './pg-driver.js';

/** How long after a failed LISTEN connection the next one is tried (polling goes on meanwhile). */
const RELISTEN_AFTER_MS = 1000;

/**
 * Wakes live subscriptions when the log may have grown: at once for appends of this store, through
 * LISTEN/NOTIFY for those of other processes (one connection per store, shared by all its
 * subscriptions, opened with the first), and after `pollIntervalMs` in any case, so a notification
 * lost while that connection was down delays an event but never hides it.
 */
export class AppendSignal {
  private readonly emitter = new EventEmitter();
  /** Moves on every wake-up; a subscription reads it before querying and waits only if unchanged. */
  private counter = 0;
  private listener: Client | undefined;
  private connecting: Promise<void> | undefined;
  private lastAttempt = 0;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly pollIntervalMs: number,
    private readonly applicationName: string,
  ) {
    this.emitter.setMaxListeners(0);
  }

  get seen(): number {
    return this.counter;
  }

  /** Something was appended (by this store, or a notification arrived). */
  notify(): void {
    this.counter += 1;
    this.emitter.emit('appended');
  }

  /** Starts listening unless it does already (or tried less than a second ago). Never throws. */
  listen(): Promise<void> {
    if (this.closed || this.listener) return Promise.resolve();
    if (!this.connecting && Date.now() - this.lastAttempt >= RELISTEN_AFTER_MS) {
      this.lastAttempt = Date.now();
      this.connecting = this.connect().finally(() => (this.connecting = undefined));
    }
    return this.connecting ?? Promise.resolve();
  }

  private async connect(): Promise<void> {
    const client = new (pgDriver().Client)({
      connectionString: this.connectionString,
      application_name: this.applicationName,
    });
    const forget = () => {
      if (this.listener === client) this.listener = undefined;
    };
    const drop = () => {
      forget();
      client.end().catch(() => {});
    };
    client.on('error', drop);
    client.on('end', forget);
    client.on('notification', () => this.notify());
    try {
      await client.connect();
      await client.query(`LISTEN "${this.channel}"`);
    } catch {
      drop();
      return;
    }
    if (this.closed) {
      drop();
      return;
    }
    this.listener = client;
    this.notify(); // appends made while it was not listening are read now, not at the next poll
  }

  /** Resolves once `seen` moved on, after the poll interval, on abort, or when the store closes. */
  wait(seen: number, signal: AbortSignal | undefined): Promise<void> {
    if (this.counter !== seen || this.closed || signal?.aborted) return Promise.resolve();
    void this.listen(); // again after a lost connection
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off('appended', done);
        this.emitter.off('closed', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.emitter.once('appended', done);
      this.emitter.once('closed', done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  /** Wakes every waiting subscription (they then end) and closes the LISTEN connection. */
  async close(): Promise<void> {
    this.closed = true;
    this.emitter.emit('closed');
    await this.connecting;
    const listener = this.listener;
    this.listener = undefined;
    await listener?.end().catch(() => {});
  }
}
