import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
export const childWriterScript = path.join(here, 'child-writer.ts');

/** Starts `child-writer.ts` under tsx with the given store environment. */
export function startChildWriter(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', childWriterScript, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Resolves with stdout when the process exits with code 0; rejects with stderr otherwise. */
export function waitForExit(child: ChildProcess): Promise<string> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('exit', (code, signal) =>
      code === 0 ? resolve(out) : reject(new Error(`child exited ${code ?? signal}: ${err}`)),
    );
  });
}
