/** Test aid: runs an ops script (scripts/<script>) as an operator would, and what it printed. */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The folder of the ops scripts. */
export const scripts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runOpsScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(scripts, script), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}
