// The web client build the browser journeys (apps/web/e2e) serve. Built here, once per Jest run from
// the global setup, not by each journey: two workers starting journeys at once would run two Vite
// builds into the same dist/ (each empties it first) while the other's gateway serves it.
const { execFileSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const path = require('node:path');

const webRoot = path.resolve(__dirname, '../../apps/web');
const journeysDir = path.join(webRoot, 'e2e');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

/** Whether this run may include a journey: no path filter, or one that matches a journey file (as Jest matches them). */
function journeysSelected(pathPatterns) {
  if (pathPatterns.length === 0) return true;
  const journeys = readdirSync(journeysDir)
    .filter((name) => name.endsWith('.test.ts'))
    .map((name) => path.join(journeysDir, name));
  return pathPatterns.some((pattern) => journeys.some((file) => new RegExp(pattern).test(file)));
}

/** Builds the web client when dist/ is missing or older than its sources, so journeys test this code. */
function ensureWebBuilt(pathPatterns) {
  if (!journeysSelected(pathPatterns)) return;
  const index = path.join(webRoot, 'dist/index.html');
  const sources = Math.max(
    newestMtime(path.join(webRoot, 'src')),
    statSync(path.join(webRoot, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  console.log('\n[atende] building the web client for the browser journeys');
  execFileSync(process.execPath, [path.join(webRoot, 'build/build-and-report.mjs')], {
    cwd: webRoot,
    stdio: 'ignore',
  });
}

module.exports = { ensureWebBuilt };
