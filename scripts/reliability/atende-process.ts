import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { RELIABILITY_METRICS_TOKEN } from './soak.js';
import { RELIABILITY_SANDBOX_TOKEN } from './sender.js';
import { freePort } from '@atende/events/testing';
import { EMBEDDED_NODE_FLAGS } from '@atende/server';

const MAIN = fileURLToPath(new URL('../../apps/server/src/main.ts', import.meta.url));
const REPO = fileURLToPath(new URL('../../', import.meta.url));

export { freePort };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /readyz with a fresh connection: 200 once the process rebuilt its read models and listens. */
function ready(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const req = http.get({ host: '127.0.0.1', port, path: '/readyz', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.setTimeout(2_000, () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/**
 * The embedded product (`npm start`'s entry point) on a fixed port and DATA_DIR, started, killed
 * with SIGKILL and restarted by the reliability run. Its output goes to `logFile`.
 */
export class AtendeProcess {
  private child: ChildProcess | undefined;
  private exited: Promise<void> | undefined;
  private readonly log: WriteStream;
  private tail = '';
  /** How many times it was started. */
  starts = 0;

  constructor(
    readonly dataDir: string,
    readonly port: number,
    logFile: string,
  ) {
    this.log = createWriteStream(logFile, { flags: 'a' });
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** The last few KB of the process's output (for failure messages). */
  output(): string {
    return this.tail;
  }

  /** Starts the process and resolves once /readyz answers 200; the time that took (ms). */
  async start(timeoutMs = 120_000): Promise<number> {
    if (this.child) throw new Error('already running');
    const started = performance.now();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      ATENDE_MODE: 'embedded',
      WHATSAPP_DRIVER: 'sandbox',
      AUTH: 'local',
      DATA_DIR: this.dataDir,
      PORT: String(this.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.RELIABILITY_LOG_LEVEL ?? 'warn',
      METRICS_TOKEN: RELIABILITY_METRICS_TOKEN,
      ATENDE_SANDBOX_TOKEN: RELIABILITY_SANDBOX_TOKEN,
    };
    delete env.ATENDE_OWNER_EMAIL;
    delete env.ATENDE_OWNER_PASSWORD;
    delete env.SANDBOX_SEND_DELAY_MS;
    // As npm start runs it.
    const child = spawn(process.execPath, [...EMBEDDED_NODE_FLAGS, '--import', 'tsx', MAIN], {
      cwd: REPO,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.starts += 1;
    this.log.write(`\n==== start #${this.starts} pid ${child.pid} at ${new Date().toISOString()}\n`);
    const onData = (chunk: Buffer) => {
      this.log.write(chunk);
      this.tail = (this.tail + chunk.toString()).slice(-8_000);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    let exitCode: string | undefined;
    this.exited = new Promise<void>((resolve) =>
      child.once('exit', (code, signal) => {
        exitCode = signal ?? String(code);
        this.log.write(`==== pid ${child.pid} exited (${exitCode})\n`);
        if (this.child === child) this.child = undefined;
        resolve();
      }),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (exitCode !== undefined) {
        throw new Error(`Atende exited (${exitCode}) while starting:\n${this.tail}`);
      }
      if (await ready(this.port)) return performance.now() - started;
      if (Date.now() > deadline) {
        await this.kill9();
        throw new Error(`Atende was not ready within ${timeoutMs / 1000} s:\n${this.tail}`);
      }
      await sleep(50);
    }
  }

  /** SIGKILL, then waits for the exit. */
  async kill9(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGKILL');
    await this.exited;
  }

  /** SIGTERM (a clean stop), SIGKILL if it takes more than 30 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    await this.exited;
    clearTimeout(timer);
  }

  async close(): Promise<void> {
    await this.kill9();
    await new Promise<void>((resolve) => this.log.end(() => resolve()));
  }
}
