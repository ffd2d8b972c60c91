/**
 * Atende's roles placed on the test's hosts, each started in its host's namespace through the one
 * entry point, and killed or restarted by name (`gateway@b`). Every start is kept (killed ones too)
 * so their output can be written next to the report.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  SERVER_MAIN,
  nodeCommand,
  startCommand,
  type RunningProcess,
} from '../distributed/process-harness.js';
import { RELIABILITY_SANDBOX_TOKEN } from '../reliability/sender.js';
import type { Infra } from './infra.js';
import { inHost, type Host } from './netns.js';

/** Every Redis key of the deployment starts with it (read models, queues, the sandbox phone). */
export const REDIS_PREFIX = 'atende-mh:';

export type Role = 'gateway' | 'projector' | 'channel-worker';

export const GATEWAY_PORT = 3000;
export const SANDBOX_PORT = 3010;

/** How a role is launched: the one entry point (switch it here, nowhere else). */
function roleCommand(role: Role): string[] {
  return [...nodeCommand(SERVER_MAIN), '--role', role];
}

/** The last error a role logged (pino level 50/60): its message and its error's, for the report. */
function lastError(output: string): string {
  for (const line of output.trim().split('\n').reverse()) {
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) >= 50) return [entry.msg, entry.err?.message].filter(Boolean).join(': ');
    } catch {
      // not a log line (a stack trace printed by Node)
    }
  }
  return output.trim().split('\n').at(-1)?.slice(0, 300) ?? '';
}

/** Warnings and errors (pino level ≥ 40) a role logged, one entry per distinct message with its count. */
function warningsOf(output: string): { text: string; count: number }[] {
  const byText = new Map<string, number>();
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string; err?: { message?: string } };
      if ((entry.level ?? 0) < 40) continue;
      const text = [entry.msg, entry.err?.message].filter(Boolean).join(': ').slice(0, 200);
      byText.set(text, (byText.get(text) ?? 0) + 1);
    } catch {
      // not a log line
    }
  }
  return [...byText].map(([text, count]) => ({ text, count }));
}

interface Placed {
  role: Role;
  host: Host;
  /** The running instance (the latest start). */
  current: RunningProcess;
  /** Every instance started, in order, for the logs. */
  runs: RunningProcess[];
}

export class Deployment {
  private readonly placed = new Map<string, Placed>();
  private readonly env: Record<string, string>;
  /** Processes the test killed on purpose (their exit is not a crash). */
  private readonly killed = new WeakSet<RunningProcess>();
  private stopping = false;
  /** Restarts by the host's supervisor that failed: the role did not recover. */
  readonly failedRestarts: string[] = [];
  /** Roles that needed more than 10 s to stop on SIGTERM (noted, not failed). */
  readonly slowStops: string[] = [];

  constructor(
    infra: Infra,
    private readonly dir: string,
    /** Told when a role ended by itself (not a failure: it is started again). */
    private readonly onUnplannedExit: (line: string) => void,
  ) {
    this.env = {
      ATENDE_MODE: 'distributed',
      EVENTSTORE_URL: infra.eventStoreUrl,
      REDIS_URL: infra.redisUrl,
      KAFKA_BROKERS: infra.kafkaBrokers,
      ATENDE_REDIS_PREFIX: REDIS_PREFIX,
      ATENDE_KAFKA_TOPIC: 'atende-mh.events',
      PORT: String(GATEWAY_PORT),
      SANDBOX_PORT: String(SANDBOX_PORT),
      WHATSAPP_DRIVER: 'sandbox',
      // One deployment: the same master key on every host (each keeps no key file of its own).
      ATENDE_MASTER_KEY: randomBytes(32).toString('base64url'),
      // The reliability sender's token: its deliver() is what the phone uses here.
      ATENDE_SANDBOX_TOKEN: RELIABILITY_SANDBOX_TOKEN,
      LOG_LEVEL: 'info',
    };
  }

  static key(role: Role, host: Host): string {
    return `${role}@${host.name}`;
  }

  /** The host's DATA_DIR, shared by its roles (the working copy of WhatsApp logins, the master key). */
  dataDir(host: Host): string {
    return path.join(this.dir, `data-${host.name}`);
  }

  /** Starts `role` on `host`; resolves once it is up. */
  async start(role: Role, host: Host): Promise<void> {
    const key = Deployment.key(role, host);
    const dataDir = this.dataDir(host);
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const running = await startCommand(
      key,
      [...inHost(host), ...roleCommand(role)],
      { ...this.env, HOST: host.ip, DATA_DIR: dataDir },
      90_000,
    );
    const placed = this.placed.get(key) ?? { role, host, current: running, runs: [] };
    placed.current = running;
    placed.runs.push(running);
    this.placed.set(key, placed);
    this.supervise(placed, running);
  }

  /**
   * The host's supervisor (systemd, a container's restart policy): a role that ends by itself (a
   * lost lease makes the projector exit on purpose) is started again after a second. Noted in
   * `onUnplannedExit`; a restart that fails is in `failedRestarts`.
   */
  private supervise(placed: Placed, running: RunningProcess): void {
    running.child.once('exit', (code, signal) => {
      if (this.stopping || this.killed.has(running) || placed.current !== running) return;
      const key = Deployment.key(placed.role, placed.host);
      this.onUnplannedExit(`${key} exited (${signal ?? `code ${code}`}): ${lastError(running.output())}`);
      setTimeout(() => {
        if (this.stopping) return;
        this.start(placed.role, placed.host).catch((error: unknown) => {
          this.failedRestarts.push(`${key} did not start again: ${(error as Error).message.slice(0, 500)}`);
        });
      }, 1_000);
    });
  }

  /** kill -9 of the role's process group, then a start on the same host; the ms until it is up again. */
  async killAndRestart(role: Role, host: Host): Promise<number> {
    const placed = this.must(role, host);
    this.killed.add(placed.current);
    await placed.current.kill9();
    const t0 = performance.now();
    await this.start(role, host);
    return performance.now() - t0;
  }

  /** Roles whose current process has exited (none should have, unless the test killed it). */
  exited(): string[] {
    return [...this.placed.entries()]
      .filter(([, p]) => p.current.child.exitCode !== null || p.current.child.signalCode !== null)
      .map(([key, p]) => `${key} (${p.current.child.signalCode ?? `code ${p.current.child.exitCode}`})`);
  }

  /** Stops every role (SIGTERM, then SIGKILL), gateways last so sockets see the others go first. */
  async stopAll(): Promise<void> {
    this.stopping = true;
    const order: Role[] = ['channel-worker', 'projector', 'gateway'];
    for (const role of order) {
      await Promise.all(
        [...this.placed.values()]
          .filter((p) => p.role === role)
          .map(async (p) => {
            const t0 = performance.now();
            await p.current.stop(15_000);
            const ms = performance.now() - t0;
            // Not a failure, but worth knowing: SIGKILL comes after 15 s.
            if (ms > 10_000)
              this.slowStops.push(
                `${Deployment.key(p.role, p.host)} took ${(ms / 1000).toFixed(1)} s to stop`,
              );
          }),
      );
    }
  }

  /** What every role warned of or failed at, summed over its starts: `role@host: message ×n`. */
  warnings(): string[] {
    const lines: string[] = [];
    for (const [key, placed] of this.placed) {
      const counts = new Map<string, number>();
      for (const run of placed.runs) {
        for (const { text, count } of warningsOf(run.output()))
          counts.set(text, (counts.get(text) ?? 0) + count);
      }
      for (const [text, count] of counts) lines.push(`${key}: ${text}${count > 1 ? ` ×${count}` : ''}`);
    }
    return lines;
  }

  /** Writes every run's output to `<dir>/logs/<role>@<host>.<n>.log`; the folder. */
  writeLogs(): string {
    const logs = path.join(this.dir, 'logs');
    mkdirSync(logs, { recursive: true });
    for (const [key, placed] of this.placed) {
      placed.runs.forEach((run, i) => writeFileSync(path.join(logs, `${key}.${i + 1}.log`), run.output()));
    }
    return logs;
  }

  private must(role: Role, host: Host): Placed {
    const placed = this.placed.get(Deployment.key(role, host));
    if (!placed) throw new Error(`${Deployment.key(role, host)} was never started`);
    return placed;
  }
}
