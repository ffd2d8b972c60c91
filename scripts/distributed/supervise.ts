/**
 * Keeps the roles of `npm run start:distributed` running: a role whose process ends is started
 * again after a pause that doubles with each quick crash (1 s up to 30 s) and goes back to 1 s once
 * it stayed up for a minute, so a crash loop neither spins nor leaves the role down for long, and
 * the other roles go on meanwhile. Spawning is the caller's (RoleRun), time the clock's: both are
 * replaced in the unit test.
 */

/** How a process ended: an exit code, or the signal that ended it. */
export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** One run of a role's process. */
export interface RoleRun {
  pid: number | undefined;
  /** Resolves once the process is up (its first info line); rejects if it ended first. */
  up: Promise<void>;
  ended: Promise<Exit>;
  kill(signal: 'SIGTERM' | 'SIGKILL'): void;
}

export interface Role {
  name: string;
  launch(): RoleRun;
}

export interface Backoff {
  firstMs: number;
  maxMs: number;
  /** A run at least this long counts as healthy: the next crash waits `firstMs` again. */
  resetAfterMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { firstMs: 1_000, maxMs: 30_000, resetAfterMs: 60_000 };

export interface Clock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

// Globals looked up at each call, so Jest's fake timers (installed later) are the ones used.
const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface SupervisorOptions {
  log(line: string): void;
  backoff?: Partial<Backoff>;
  clock?: Clock;
  /** After SIGTERM, how long a role has before SIGKILL on stop. Default 15 s. */
  stopGraceMs?: number;
}

/** The pause before the next restart: doubled after a short run, the first one after a long one. */
export function restartDelay(previousMs: number | undefined, uptimeMs: number, backoff: Backoff): number {
  if (previousMs === undefined || uptimeMs >= backoff.resetAfterMs) return backoff.firstMs;
  return Math.min(previousMs * 2, backoff.maxMs);
}

interface RoleState {
  role: Role;
  run: RoleRun;
  running: boolean;
  /** It came up once: from then on an ending is a crash to restart, not a failed start. */
  established: boolean;
  startedAt: number;
  restarts: number;
  lastDelayMs: number | undefined;
  timer: unknown;
}

const seconds = (ms: number) => `${Number((ms / 1000).toFixed(1))} s`;
const describeExit = (exit: Exit) => (exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`);

export class Supervisor {
  private readonly roles: RoleState[] = [];
  private readonly backoff: Backoff;
  private readonly clock: Clock;
  private stoppingNow = false;

  constructor(private readonly options: SupervisorOptions) {
    this.backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
    this.clock = options.clock ?? systemClock;
  }

  get stopping(): boolean {
    return this.stoppingNow;
  }

  /**
   * Starts a role and resolves once it is up. A role that ends before it was ever up is not
   * restarted (a wrong setting or a missing server would only fail again): this rejects, and the
   * caller stops everything. Once up, the role is restarted whenever it ends until `stop`.
   */
  async start(role: Role): Promise<void> {
    if (this.stoppingNow) throw new Error(`${role.name}: not started, stopping`);
    const state: RoleState = {
      role,
      run: role.launch(),
      running: true,
      established: false,
      startedAt: this.clock.now(),
      restarts: 0,
      lastDelayMs: undefined,
      timer: undefined,
    };
    this.roles.push(state);
    this.watch(state);
    await state.run.up;
  }

  /** Stops every role (SIGTERM, SIGKILL after the grace period) and restarts none after this. */
  async stop(): Promise<void> {
    this.stoppingNow = true;
    const grace = this.options.stopGraceMs ?? 15_000;
    await Promise.all(
      this.roles.map(async (state) => {
        if (state.timer !== undefined) this.clock.clearTimeout(state.timer);
        state.timer = undefined;
        if (!state.running) return;
        const run = state.run;
        run.kill('SIGTERM');
        const hard = this.clock.setTimeout(() => run.kill('SIGKILL'), grace);
        await run.ended;
        this.clock.clearTimeout(hard);
      }),
    );
  }

  private relaunch(state: RoleState): void {
    state.run = state.role.launch();
    state.running = true;
    state.startedAt = this.clock.now();
    this.watch(state);
  }

  private watch(state: RoleState): void {
    const { run } = state;
    const name = state.role.name;
    this.options.log(`${name} started (pid ${run.pid})`);
    run.up.then(
      () => {
        state.established = true;
        if (state.restarts > 0) this.options.log(`${name} is up again (restart ${state.restarts})`);
      },
      () => undefined, // its ending is handled below
    );
    void run.ended.then((exit) => this.ended(state, run, exit));
  }

  private ended(state: RoleState, run: RoleRun, exit: Exit): void {
    if (state.run !== run) return;
    state.running = false;
    if (this.stoppingNow || !state.established) return;
    const uptime = this.clock.now() - state.startedAt;
    const delay = restartDelay(state.lastDelayMs, uptime, this.backoff);
    state.lastDelayMs = delay;
    state.restarts += 1;
    this.options.log(
      `${state.role.name} ended (${describeExit(exit)}) after ${seconds(uptime)}; ` +
        `restart ${state.restarts} in ${seconds(delay)}`,
    );
    state.timer = this.clock.setTimeout(() => {
      state.timer = undefined;
      if (!this.stoppingNow) this.relaunch(state);
    }, delay);
  }
}
