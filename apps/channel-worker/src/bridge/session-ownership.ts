import type { Logger } from 'pino';
import {
  assertNever,
  streams,
  type Channel,
  type ChannelEvent,
  type ChannelSessionTarget,
  type EventStore,
  type SessionLeases,
} from '@atende/events';
import type { JobQueue, KeyedJobQueues } from '../queue/job-queue.js';
import type { ChannelOwnership, RestorableSession, SendJob } from './bridge-types.js';
import { pendingSince, sessionStanding, type SessionStanding } from './session-standing.js';

export interface SessionOwnershipOptions {
  ownership: ChannelOwnership;
  /** A driver that can hand sessions over (`detach`). */
  channel: Channel;
  store: EventStore;
  logger: Logger;
  restorable: () => Promise<RestorableSession[]>;
  /**
   * The sessions waiting for their QR code that were asked for (requested, or issued a QR code) at
   * `since` or later (the read model's pending ones). Without it, only a session this worker lost
   * itself is started again while it waits for its QR code.
   */
  pending?: (since: Date) => Promise<RestorableSession[]>;
  /** Clock (tests); default the system's. */
  now?: () => Date;
  /** Makes a handle this worker's consumer of a session's sends (its handler and listeners). */
  consume(queue: JobQueue<SendJob>): void;
}

/**
 * How long after its last request or QR code a session still waiting for its QR code to be scanned
 * is taken over when its worker dies: 10 minutes. The connect modal shows each new QR code as it
 * comes (whatsapp-web.js renews it about every 20 s while a worker runs the session); a request
 * older than that counts as abandoned, and the user asks for a QR code again.
 */
export const PENDING_SESSION_TAKEOVER_MS = 10 * 60_000;

/** Why a scan looks at a session nobody holds. */
type ScanReason = 'restorable' | 'pending' | 'lost-here';

interface Candidate {
  target: ChannelSessionTarget;
  reason: ScanReason;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The drivers' reason for a phone logged out (sandbox `logout`, whatsapp-web.js `LOGOUT`). */
const LOGOUT = /^logout$/i;

/**
 * Which sessions this channel worker runs, when several share them: a session runs only while its
 * lease is held here (so never on two workers at once), and a session nobody holds (its worker died
 * or stopped) is taken over by whichever worker scans first: from its saved login when it was logged
 * in, or started again with a new QR code when it was waiting for one (asked for within
 * PENDING_SESSION_TAKEOVER_MS).
 *
 * Sends: every session has its own durable queue. Every worker follows the whole log and adds each
 * request to its session's queue (the job id is the message id, so the second add is a no-op); only
 * the session's owner consumes that queue, from its connection on, and stops at once when the lease
 * goes. A job runs on one worker at a time (the queue's own lock), checks the log before sending,
 * and waits in the queue while the session has no owner: none is sent by a worker that does not run
 * the session, none is lost with a worker, and a takeover resumes where the dead worker stopped.
 */
export class SessionOwnership {
  private readonly leases: SessionLeases;
  private readonly queues: KeyedJobQueues<SendJob>;
  /** Session → the handle on its queue (to add to; consumed when the session runs here). */
  private readonly handles = new Map<string, JobQueue<SendJob>>();
  private readonly consuming = new Set<string>();
  /** What each session taken here was connected as, to take it again after losing its lease. */
  private readonly targets = new Map<string, ChannelSessionTarget>();
  /**
   * Sessions whose lease this worker lost (a pause, a network cut): taken again if nobody else took
   * them, so one still waiting for its QR code is not left to nobody, however long ago it was asked for.
   */
  private readonly lostHere = new Set<string>();
  private readonly background = new Set<Promise<unknown>>();
  private readonly scanEveryMs: number;
  private readonly claimDelayMs: number;
  private readonly now: () => Date;
  private timer: NodeJS.Timeout | undefined;
  private scanning: Promise<void> | undefined;
  /** Claims one at a time: a claim in flight that fails must not have kept another out of the cap. */
  private claims: Promise<unknown> = Promise.resolve();
  private unsubscribe: (() => void) | undefined;
  private stopped = false;

  constructor(private readonly options: SessionOwnershipOptions) {
    this.leases = options.ownership.leases;
    this.queues = options.ownership.sendQueues;
    this.scanEveryMs = options.ownership.scanEveryMs ?? 3000;
    this.claimDelayMs = options.ownership.claimDelayPerSessionMs ?? 20;
    this.now = options.now ?? (() => new Date());
  }

  /** Restores the sessions nobody runs (this worker's own before a restart among them), then scans. */
  start(): void {
    this.unsubscribe = this.leases.onLost((sessionId, reason) => this.lost(sessionId, reason));
    this.scanSoon(0);
  }

  runsHere(sessionId: string): boolean {
    return this.leases.holds(sessionId);
  }

  /** Queues a send in its session's queue; false when a job of this id is there already. */
  add(id: string, job: SendJob): Promise<boolean> {
    return this.handle(job.sessionId).add(id, job);
  }

  /** A session was requested: it runs here if this worker can take its lease (the least loaded tries first). */
  async request(session: ChannelSessionTarget): Promise<void> {
    if (!this.leases.holds(session.sessionId)) await this.yieldToLessLoaded();
    await this.take(session);
  }

  /** What the channel reports: a session consumes its sends once connected, and a logout frees it. */
  observe(event: ChannelEvent, recorded: Promise<void>): void {
    if (event.type === 'connected' && this.leases.holds(event.sessionId)) this.consume(event.sessionId);
    if (event.type === 'disconnected' && LOGOUT.test(event.reason)) {
      // Only once the logout is in the log: a worker scanning before that would revive the session.
      this.track(recorded.catch(() => undefined).then(() => this.release(event.sessionId)));
    }
  }

  /** The session ended here for good (logged out, its workspace deleted): others may take it. */
  async release(sessionId: string): Promise<void> {
    this.targets.delete(sessionId);
    this.lostHere.delete(sessionId);
    this.stopConsuming(sessionId);
    await this.leases.release(sessionId);
  }

  /** Stops consuming, stops the sessions here (no logout), then gives their leases up at once. */
  /**
   * Takes no more sessions (a scan under way stops before its next claim): the first step of a
   * shutdown, so a worker on its way out never takes a session another worker should run.
   */
  stopTaking(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  async stop(): Promise<void> {
    this.stopTaking();
    this.unsubscribe?.();
    await this.scanning;
    const held = this.leases.held();
    await Promise.all([...this.handles.values()].map((queue) => queue.close()));
    this.handles.clear();
    await Promise.all(held.map((sessionId) => this.detach(sessionId).catch(() => undefined)));
    await this.leases.close();
    await Promise.all([...this.background]);
    await this.queues.close();
  }

  private async take(session: ChannelSessionTarget): Promise<boolean> {
    const claimed = this.claims.then(() => !this.stopped && this.leases.tryAcquire(session.sessionId));
    this.claims = claimed.catch(() => undefined);
    if (!(await claimed)) return false;
    this.targets.set(session.sessionId, session);
    this.lostHere.delete(session.sessionId);
    try {
      await this.options.channel.connect(session);
      return true;
    } catch (error) {
      await this.release(session.sessionId); // not running here: another worker may do better
      throw error;
    }
  }

  private yieldToLessLoaded(): Promise<unknown> {
    const delay = this.leases.held().length * this.claimDelayMs;
    return delay > 0 ? pause(delay) : Promise.resolve();
  }

  private lost(sessionId: string, reason: Error): void {
    this.options.logger.warn(
      { sessionId, reason: reason.message },
      'session lease lost: the session stops here (another channel worker takes it over)',
    );
    this.track(this.detach(sessionId));
    this.stopConsuming(sessionId);
    if (this.targets.has(sessionId)) this.lostHere.add(sessionId);
  }

  private handle(sessionId: string): JobQueue<SendJob> {
    let queue = this.handles.get(sessionId);
    if (!queue) {
      queue = this.queues.open(sessionId);
      this.handles.set(sessionId, queue);
    }
    return queue;
  }

  private consume(sessionId: string): void {
    if (this.stopped || this.consuming.has(sessionId)) return;
    this.consuming.add(sessionId);
    this.options.consume(this.handle(sessionId));
  }

  /** Its running sends finish (or fail and are retried by the next owner); its waiting ones stay. */
  private stopConsuming(sessionId: string): void {
    if (!this.consuming.delete(sessionId)) return;
    const queue = this.handles.get(sessionId);
    this.handles.delete(sessionId);
    if (queue) this.track(queue.close());
  }

  private scanSoon(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.scanning = this.scan()
        .catch((error: unknown) => this.options.logger.warn({ err: error }, 'session scan failed'))
        .finally(() => {
          this.scanning = undefined;
          // ±20 %, so workers started together do not keep scanning in step.
          this.scanSoon(this.scanEveryMs * (0.8 + Math.random() * 0.4));
        });
    }, delayMs);
    this.timer.unref();
  }

  /**
   * Takes the sessions nobody holds, up to this worker's cap: the restorable ones, those waiting for
   * their QR code asked for recently, and those it lost itself.
   */
  private async scan(): Promise<void> {
    if (this.leases.room() <= 0) return;
    const since = this.now().getTime() - PENDING_SESSION_TAKEOVER_MS;
    const candidates = new Map<string, Candidate>();
    const add = (sessions: RestorableSession[], reason: ScanReason) => {
      for (const { sessionId, phoneNumber, name } of sessions) {
        candidates.set(sessionId, { target: { sessionId, phoneNumber, name }, reason });
      }
    };
    add(await this.options.restorable(), 'restorable');
    if (this.options.pending) add(await this.options.pending(new Date(since)), 'pending');
    for (const sessionId of this.lostHere) {
      const target = this.targets.get(sessionId);
      if (target) candidates.set(sessionId, { target, reason: 'lost-here' });
    }
    for (const sessionId of candidates.keys()) if (this.leases.holds(sessionId)) candidates.delete(sessionId);
    if (candidates.size === 0) return;
    const owners = await this.leases.ownersOf([...candidates.keys()]);
    for (const [sessionId, owner] of owners) {
      if (owner === this.leases.owner) continue; // still ours in the store: lost here only by time
      candidates.delete(sessionId);
      this.lostHere.delete(sessionId); // another worker runs it now
    }
    if (candidates.size === 0) return;
    await this.yieldToLessLoaded();
    for (const [sessionId, { target, reason }] of candidates) {
      if (this.stopped || this.leases.room() <= 0) return;
      // The read model may lag: the log says whether the phone is still logged in, or still waits.
      const history = await this.options.store.readStream(streams.channel(sessionId));
      const standing = sessionStanding(history);
      if (!takesOver(standing, reason, () => (pendingSince(history) ?? -Infinity) >= since)) {
        this.lostHere.delete(sessionId);
        continue;
      }
      try {
        if (await this.take({ ...target, restore: standing === 'logged-in' })) {
          this.options.logger.info(
            { sessionId, owner: this.leases.owner, standing },
            'session taken (again) here',
          );
        }
      } catch (error) {
        this.options.logger.warn({ err: error, sessionId }, 'session not restored');
      }
    }
  }

  private async detach(sessionId: string): Promise<void> {
    await this.options.channel.detach?.(sessionId);
  }

  private track(promise: Promise<unknown>): void {
    const tracked = promise.catch(() => undefined).finally(() => this.background.delete(tracked));
    this.background.add(tracked);
  }
}

/**
 * Whether a scan takes a session nobody holds, by what its log says: a logged-in one is restored from
 * its saved login; one waiting for its QR code is started again (a new QR code) when this worker
 * lost it, or when it is listed as pending and was asked for recently; a logged-out one stays off.
 */
function takesOver(standing: SessionStanding, reason: ScanReason, askedRecently: () => boolean): boolean {
  switch (standing) {
    case 'logged-in':
      return true;
    case 'logged-out':
      return false;
    case 'pending':
      return reason === 'lost-here' || (reason === 'pending' && askedRecently());
    default:
      return assertNever(standing);
  }
}
