import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** apps/web (this file is apps/web/e2e/web-build.ts). */
export const webRoot = path.resolve(__dirname, '..');
export const webDist = path.join(webRoot, 'dist');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Builds the web client when dist/ is missing or older than its sources, so journeys test this code. */
export function ensureWebBuilt(): void {
  const index = path.join(webDist, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(webRoot, 'src')),
    statSync(path.join(webRoot, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(process.execPath, [path.join(webRoot, 'build/build-and-report.mjs')], {
    cwd: webRoot,
    stdio: 'ignore',
  });
}
