/**
 * npm run bench:web [-- --runs 3] [--skip-build] [--json-out FILE]
 *
 * Lighthouse 12 (mobile defaults: simulated slow 4G and a 4× slower CPU) on the running product —
 * an embedded Atende serving the production build — for `/`, `/login` and `/dashboard` signed in as
 * the demo owner, each page `--runs` times (the median is kept). Beside them, the same run measures a
 * bare Node server's one-paragraph page: the best this machine and Chromium can score, so a slow
 * hour is told apart from a slow page. Prints scores and paint times; figures only.
 * Budgets (issue 31): performance ≥ 90 and accessibility 100 on each page.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pino } from 'pino';
import { loadConfig } from '@atende/config';
import { startEmbedded } from '@atende/gateway';
import { jsonOutPath, round, writeBenchFigures, type BenchFigure } from './bench/report-figures.js';
import { median, pageFigures, type PageScores } from './bench/lighthouse-figures.js';
import { signIn } from './bench/sign-in.js';
import { AS_DEPLOYED } from './bench/as-deployed.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'skip-build': { type: 'boolean', default: false },
    'json-out': { type: 'string' },
  },
});
const RUNS = Math.max(1, Number(values.runs));
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.join(repoRoot, 'apps/web/dist');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/** A one-paragraph page from a bare Node server: the ceiling this machine allows. */
async function startBaselinePage(): Promise<{ server: Server; url: string }> {
  const html =
    '<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="description" content="Página de referência"><title>Atende</title></head>' +
    '<body><main><h1>Atende</h1><p>Todos os seus canais de atendimento em uma caixa de entrada.</p></main></body></html>';
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` };
}

async function audit(port: number, url: string, cookie?: string): Promise<PageScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
  const ms = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const failedA11y = Object.values(lhr.audits)
    .filter((a) => a.score === 0 && lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id);
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    fcpMs: ms('first-contentful-paint'),
    lcpMs: ms('largest-contentful-paint'),
    tbtMs: ms('total-blocking-time'),
    cls: ms('cumulative-layout-shift'),
    failedA11y,
  };
}

/** The median run of a page (by performance score), each run printed as it ends. */
async function measurePage(port: number, label: string, url: string, cookie?: string): Promise<PageScores> {
  const runs: PageScores[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const scores = await audit(port, url, cookie);
    console.log(
      `  ${label.padEnd(10)} run ${i + 1}/${RUNS}: performance ${scores.performance}, accessibility ` +
        `${scores.accessibility}, FCP ${Math.round(scores.fcpMs)} ms, LCP ${Math.round(scores.lcpMs)} ms` +
        (scores.failedA11y.length ? ` (failed: ${scores.failedA11y.join(', ')})` : ''),
    );
    runs.push(scores);
  }
  return median(runs);
}

if (!values['skip-build']) {
  console.log('npm run build (production web client)…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'atende-bench-web-'));
const atende = await startEmbedded(
  loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDist, ...AS_DEPLOYED }),
  pino({ level: 'silent' }),
);
const baseline = await startBaselinePage();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  const base = atende.url;
  const { cookie } = await signIn(base);
  console.log(`Lighthouse ${RUNS} run(s) a page, mobile defaults, Chromium at ${chrome.port}`);
  const reference = await measurePage(chrome.port, 'baseline', baseline.url);
  const pages: Array<[string, string, PageScores]> = [];
  for (const [label, pagePath, withCookie] of [
    ['/', '/', false],
    ['/login', '/login', false],
    ['/dashboard', '/dashboard', true],
  ] as const) {
    pages.push([
      label,
      pagePath,
      await measurePage(chrome.port, label, base + pagePath, withCookie ? cookie : undefined),
    ]);
  }
  console.log('\npage         perf  a11y  best   FCP ms   LCP ms   TBT ms    CLS');
  for (const [label, , s] of [['baseline', '', reference] as const, ...pages]) {
    console.log(
      `${label.padEnd(12)} ${String(s.performance).padStart(4)}  ${String(s.accessibility).padStart(4)}  ` +
        `${String(s.bestPractices).padStart(4)}  ${String(Math.round(s.fcpMs)).padStart(7)}  ` +
        `${String(Math.round(s.lcpMs)).padStart(7)}  ${String(Math.round(s.tbtMs)).padStart(7)}  ${s.cls.toFixed(3).padStart(6)}`,
    );
  }
  console.log('budgets: performance ≥ 90 and accessibility 100 on each page (issue 31)');
  const figures: BenchFigure[] = pages.flatMap(([label, , s]) => pageFigures(label, s, reference));
  writeBenchFigures(jsonOutPath(values['json-out']), {
    name: 'web-lighthouse',
    params: { runs: RUNS, lighthouse: '12', formFactor: 'mobile' },
    figures: figures.map((f) => ({ ...f, value: f.value === null ? null : round(f.value, 0) })),
  });
} finally {
  chrome.kill();
  baseline.server.close();
  await atende.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
