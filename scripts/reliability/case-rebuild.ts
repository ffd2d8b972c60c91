/**
 * test:reliability's case C: the read models as the API serves them, then `replay --all --dry-run`,
 * `replay --all` (blue/green switch) and a kill -9 + restart: identical every time.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { InboxReader, firstDifference, snapshot, type Snapshot } from './checks.js';
import { int, runCase, seconds, type CaseResult, type RunContext } from './cases.js';
import { loginDemo } from './http-client.js';

const REPO = fileURLToPath(new URL('../../', import.meta.url));

/** `node --import tsx scripts/replay.ts …` (what `npm run replay -- …` runs) on DATA_DIR. */
function replay(dataDir: string, args: string[]): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(REPO, 'scripts/replay.ts'), ...args],
      {
        cwd: REPO,
        env: { ...process.env, DATA_DIR: dataDir, ATENDE_MODE: 'embedded', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, out });
    });
  });
}

export function wipeAndRebuild({ atende, client, dataDir }: RunContext): Promise<CaseResult> {
  return runCase('C. read models wiped and rebuilt from the log', async (figures, violations) => {
    const compare = (label: string, before: Snapshot, after: Snapshot) => {
      const diff = firstDifference(before, after);
      if (diff) violations.push(`${label}: differs at ${diff}`);
      return diff ? 'DIFFERENT' : 'identical';
    };
    let { cookie } = await loginDemo(client);
    let t = performance.now();
    const before = await snapshot(new InboxReader(client, cookie));
    const messageTotal = Object.values(before.messages).reduce((n, m) => n + m.length, 0);
    figures.push(
      `snapshot over the API: ${int(before.conversations.length)} conversations, ${int(messageTotal)} messages ` +
        `(${seconds(performance.now() - t)})`,
    );

    t = performance.now();
    const dry = await replay(dataDir, ['--all', '--dry-run']);
    const rows = dry.out.split('\n').filter((l) => /\s(yes|NO)$/.test(l));
    const differing = rows.filter((l) => l.endsWith('NO')).map((l) => l.trim().split(/\s+/)[0]);
    if (dry.code !== 0 || rows.length === 0)
      violations.push(`replay --all --dry-run failed (${dry.code}):\n${dry.out}`);
    if (differing.length > 0)
      violations.push(`replay --dry-run: not the same as serving: ${differing.join(', ')}`);
    figures.push(
      `replay --all --dry-run: ${rows.length} projections rebuilt in a fresh version, ` +
        `${rows.length - differing.length} same as serving (${seconds(performance.now() - t)})`,
    );

    t = performance.now();
    const switched = await replay(dataDir, ['--all']);
    if (switched.code !== 0) violations.push(`replay --all failed (${switched.code}):\n${switched.out}`);
    const afterReplay = await snapshot(new InboxReader(client, cookie));
    figures.push(
      `replay --all (blue/green switch): ${compare('after replay --all', before, afterReplay)} ` +
        `(${seconds(performance.now() - t)})`,
    );

    t = performance.now();
    await atende.kill9();
    const restartMs = await atende.start();
    ({ cookie } = await loginDemo(client));
    const afterRestart = await snapshot(new InboxReader(client, cookie));
    figures.push(
      `kill -9 + restart (listening after ${seconds(restartMs)}: read models resumed from read-models.db): ` +
        `${compare('after restart', before, afterRestart)} (${seconds(performance.now() - t)})`,
    );
  });
}
