import {
  DEFAULT_BACKOFF,
  Supervisor,
  restartDelay,
  type Exit,
  type Role,
  type RoleRun,
} from './supervise.js';

/** A process that is up or ends when the test says so, and ignores SIGTERM when told to. */
class FakeRun implements RoleRun {
  readonly signals: string[] = [];
  readonly up: Promise<void>;
  readonly ended: Promise<Exit>;
  markUp!: () => void;
  private failUp!: (error: Error) => void;
  private resolveEnded!: (exit: Exit) => void;
  private done = false;

  constructor(
    readonly pid: number,
    private readonly ignoresSigterm = false,
  ) {
    this.up = new Promise((resolve, reject) => {
      this.markUp = resolve;
      this.failUp = reject;
    });
    this.up.catch(() => undefined);
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  end(exit: Exit): void {
    if (this.done) return;
    this.done = true;
    this.failUp(new Error('ended before it was up'));
    this.resolveEnded(exit);
  }

  kill(signal: 'SIGTERM' | 'SIGKILL'): void {
    this.signals.push(signal);
    if (signal === 'SIGKILL' || !this.ignoresSigterm) this.end({ code: null, signal });
  }
}

/** A role whose every launch is recorded; the next launches' runs can be made up at once. */
function fakeRole(name: string, options: { upAtOnce?: boolean; ignoresSigterm?: boolean } = {}) {
  const runs: FakeRun[] = [];
  const role: Role = {
    name,
    launch() {
      const run = new FakeRun(1000 + runs.length, options.ignoresSigterm);
      runs.push(run);
      if (options.upAtOnce !== false) run.markUp();
      return run;
    },
  };
  return { role, runs, last: () => runs[runs.length - 1]! };
}

const crash = { code: 1, signal: null };

describe('Supervisor', () => {
  let lines: string[];
  let supervisor: Supervisor;

  beforeEach(() => {
    jest.useFakeTimers();
    lines = [];
    supervisor = new Supervisor({ log: (line) => lines.push(line), stopGraceMs: 5_000 });
  });

  afterEach(async () => {
    const stopped = supervisor.stop();
    await jest.advanceTimersByTimeAsync(10_000);
    await stopped;
    jest.useRealTimers();
  });

  it('restarts a crashed role after 1 s, doubling to 30 s, and leaves the other roles alone', async () => {
    const projector = fakeRole('projector');
    const gateway = fakeRole('gateway-1');
    await supervisor.start(gateway.role);
    await supervisor.start(projector.role);

    const delays: number[] = [];
    for (let crashNo = 1; crashNo <= 7; crashNo += 1) {
      const before = projector.runs.length;
      projector.last().end(crash);
      await jest.advanceTimersByTimeAsync(0);
      let waited = 0;
      while (projector.runs.length === before) {
        await jest.advanceTimersByTimeAsync(100);
        waited += 100;
      }
      delays.push(waited);
    }

    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
    expect(gateway.runs).toHaveLength(1);
    expect(gateway.last().signals).toEqual([]);
    expect(lines).toContain('projector ended (code 1) after 0 s; restart 1 in 1 s');
    expect(lines).toContain('projector ended (code 1) after 0 s; restart 7 in 30 s');
    expect(lines).toContain('projector is up again (restart 7)');
  });

  it('waits 1 s again after the role stayed up for a minute', async () => {
    const projector = fakeRole('projector');
    await supervisor.start(projector.role);
    for (const wait of [1_000, 2_000]) {
      projector.last().end({ code: null, signal: 'SIGKILL' });
      await jest.advanceTimersByTimeAsync(wait);
    }
    expect(projector.runs).toHaveLength(3);

    await jest.advanceTimersByTimeAsync(DEFAULT_BACKOFF.resetAfterMs);
    projector.last().end({ code: null, signal: 'SIGKILL' });
    await jest.advanceTimersByTimeAsync(999);
    expect(projector.runs).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    expect(projector.runs).toHaveLength(4);
    expect(lines).toContain('projector ended (signal SIGKILL) after 60 s; restart 3 in 1 s');
  });

  it('keeps restarting a role that crashes again before it is up', async () => {
    const projector = fakeRole('projector');
    await supervisor.start(projector.role);
    projector.last().end(crash);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(projector.runs).toHaveLength(2);

    // The restarted one never comes up (Kafka away, say): still restarted, with the next pause.
    const second = projector.last();
    second.end(crash);
    await jest.advanceTimersByTimeAsync(2_000);
    expect(projector.runs).toHaveLength(3);
  });

  it('does not restart a role that ended before it was ever up: start rejects', async () => {
    const broken = fakeRole('gateway-1', { upAtOnce: false });
    const started = supervisor.start(broken.role);
    broken.last().end(crash);
    await expect(started).rejects.toThrow('ended before it was up');
    await jest.advanceTimersByTimeAsync(60_000);
    expect(broken.runs).toHaveLength(1);
  });

  it('stops every role with SIGTERM, SIGKILL after the grace period, and restarts none after', async () => {
    const gateway = fakeRole('gateway-1');
    const stubborn = fakeRole('channel-worker', { ignoresSigterm: true });
    const projector = fakeRole('projector');
    await supervisor.start(gateway.role);
    await supervisor.start(stubborn.role);
    await supervisor.start(projector.role);
    projector.last().end(crash); // its restart is pending when the stop comes

    const stopped = supervisor.stop();
    await jest.advanceTimersByTimeAsync(4_999);
    expect(gateway.last().signals).toEqual(['SIGTERM']);
    expect(stubborn.last().signals).toEqual(['SIGTERM']);
    await jest.advanceTimersByTimeAsync(1);
    await stopped;
    expect(stubborn.last().signals).toEqual(['SIGTERM', 'SIGKILL']);

    await jest.advanceTimersByTimeAsync(60_000);
    expect(projector.runs).toHaveLength(1);
    expect(gateway.runs).toHaveLength(1);
    expect(supervisor.stopping).toBe(true);
  });
});

describe('restartDelay', () => {
  it('starts at the first pause, doubles up to the maximum, and resets after a long run', () => {
    expect(restartDelay(undefined, 0, DEFAULT_BACKOFF)).toBe(1_000);
    expect(restartDelay(1_000, 5_000, DEFAULT_BACKOFF)).toBe(2_000);
    expect(restartDelay(16_000, 5_000, DEFAULT_BACKOFF)).toBe(30_000);
    expect(restartDelay(30_000, 59_999, DEFAULT_BACKOFF)).toBe(30_000);
    expect(restartDelay(30_000, 60_000, DEFAULT_BACKOFF)).toBe(1_000);
  });
});
