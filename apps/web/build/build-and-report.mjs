// `npm run build`: Vite production build; the pre-rendered landing page and one page per route of the
// whole app (their chunks preloaded), with dist/pages.json telling the gateway which file answers which
// path; then the gzipped size of every JS chunk and of the JS that /dashboard needs (entry + its
// static imports + the lazy chunks of the dashboard route), against the 200 KB budget (DESIGN §7).
// Figures only: the build does not fail on size.
import { build } from 'vite';
import { gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { writeAppPages } from './app-pages.mjs';
import { appRouteFiles, closure, readManifest } from './page-files.mjs';
import { prerender } from './prerender.mjs';

// What `npm start` serves is the production build, whatever NODE_ENV the caller runs with (Jest sets
// `test`, which would make Vite bundle React's development build into the journeys' client).
process.env.NODE_ENV = 'production';
const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
await build({ root, logLevel: 'warn', build: { manifest: true } });
const { pages: prerendered, appShell } = await prerender(root);
const pages = { ...prerendered, ...writeAppPages(root, appShell, prerendered) };
writeFileSync(path.join(root, 'dist/pages.json'), `${JSON.stringify(pages, null, 2)}\n`);

const manifest = readManifest(root);
const gz = (file) => gzipSync(readFileSync(path.join(root, 'dist', file))).length;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (files) => [...files].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);

const chunks = [...new Set(Object.values(manifest).map((e) => e.file))].filter((f) => f.endsWith('.js'));
console.log('\nJS chunks (gzipped):');
for (const file of chunks.sort()) console.log(`  ${kb(gz(file)).padStart(9)}  ${file}`);
console.log(
  `\nJS for /dashboard: ${kb(sum(appRouteFiles(manifest, '/dashboard', 'dashboard.html')))} gzipped (budget 200 KB; fetched after its pre-rendered frame has painted)`,
);
console.log(`JS for /dashboard/team: ${kb(sum(appRouteFiles(manifest, '/dashboard/team')))} gzipped`);
// The landing's entry and what it imports once the page has painted (its dynamic imports).
const landing = closure(manifest, 'landing.html');
for (const key of manifest['landing.html'].dynamicImports ?? []) closure(manifest, key, landing);
console.log(`JS for / (loaded after its pre-rendered HTML has painted): ${kb(sum(landing))} gzipped`);
