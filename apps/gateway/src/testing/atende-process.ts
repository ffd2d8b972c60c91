import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// The one entry point of every role (the embedded product here).
const MAIN = path.resolve(__dirname, '../../../server/src/main.ts');

/** The x-sandbox-token of the Atende processes these tests start. */
export const TEST_SANDBOX_TOKEN = 'token-do-sandbox-nos-testes';

export interface RunningAtende {
  child: ChildProcess;
  url: string;
  /** Everything it printed so far (its pino lines). */
  output(): string;
}

/** Starts `npm start`'s entry point on DATA_DIR (plus `env`) and resolves with its URL (from the start-up log). */
export function startAtendeProcess(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningAtende> {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      ATENDE_SANDBOX_TOKEN: TEST_SANDBOX_TOKEN,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  return new Promise((resolve, reject) => {
    // A start that never comes up must not outlive the suite.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Atende did not start:\n${out}`));
    }, 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, url: match[1]!, output: () => out });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Atende exited with ${code}:\n${out}`));
    });
  });
}

/** kill -9, as a crash or a power cut would end it. */
export async function kill9(running: RunningAtende): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise((r) => running.child.once('exit', r));
  running.child.kill('SIGKILL');
  await exited;
}

/** A JSON call to a running Atende (the sandbox token added on sandbox routes). */
export async function callAtende<T>(
  url: string,
  method: string,
  cookie?: string,
  body?: unknown,
): Promise<{ status: number; body: T; headers: Headers }> {
  const res = await fetch(url, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(url.includes('/api/sandbox/') ? { 'x-sandbox-token': TEST_SANDBOX_TOKEN } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as T, headers: res.headers };
}
