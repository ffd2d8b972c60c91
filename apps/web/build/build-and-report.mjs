// `npm run build`: Vite production build, then the gzipped size of every JS chunk and of the JS
// that /dashboard needs (entry + its static imports + the lazy chunks of the dashboard route),
// against the 200 KB budget (DESIGN §7). Figures only: the build does not fail on size.
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { prerender } from './prerender.mjs';

// What `npm start` serves is the production build, whatever NODE_ENV the caller runs with (Jest sets
// `test`, which would make Vite bundle React's development build into the journeys' client).
process.env.NODE_ENV = 'production';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const result = await build({ root, logLevel: 'warn', build: { manifest: true } });
await prerender(root);
const manifest = JSON.parse(readFileSync(path.join(root, 'dist/.vite/manifest.json'), 'utf8'));
const gz = (file) => gzipSync(readFileSync(path.join(root, 'dist', file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/** Files a manifest entry loads before it runs: itself and its static imports, transitively. */
function closure(key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(dep, seen);
  return seen;
}

// The whole app's entry; public.html is the public pages' own (reported below).
const entryKey = 'index.html';
const dashboardScreens = [
  'src/features/layout/DashboardLayout.tsx',
  'src/features/dashboard/OverviewPage.tsx',
];
const dashboardFiles = new Set(closure(entryKey));
for (const key of dashboardScreens) for (const file of closure(key)) dashboardFiles.add(file);

const chunks = [...new Set(Object.values(manifest).map((e) => e.file))].filter((f) => f.endsWith('.js'));
console.log('\nJS chunks (gzipped):');
for (const file of chunks.sort()) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
const dashboard = [...dashboardFiles].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
console.log(`\nJS for /dashboard: ${kb(dashboard)} gzipped (budget 200 KB)`);
const publicFiles = new Set(closure('public.html'));
for (const file of closure('src/features/landing/LandingPage.tsx')) publicFiles.add(file);
const landing = [...publicFiles].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
console.log(`JS for / (public entry + landing page, after its pre-rendered HTML): ${kb(landing)} gzipped`);
void result;
