// What the build scripts share about dist/: the manifest's module closures, the screens each of the
// whole app's routes shows first, and writing an HTML page with its compressed copies.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The lazy screens each route of the whole app renders on a first load (app/routes.tsx): their
 * chunks are preloaded by that route's page instead of being discovered after the entry has run
 * (/dashboard's own entry, src/dashboard-main.ts, imports its screen itself after the first paint).
 */
export const APP_SCREENS = {
  '/dashboard': ['src/features/dashboard/OverviewPage.tsx'],
  '/dashboard/team': ['src/features/dashboard/TeamPage.tsx'],
  '/dashboard/analytics': ['src/features/dashboard/AnalyticsPage.tsx'],
  '/dashboard/integrations': ['src/features/dashboard/IntegrationsPage.tsx'],
  '/dashboard/settings': ['src/features/dashboard/SettingsPage.tsx'],
  '/billing': ['src/features/billing/BillingPage.tsx'],
};

export function readManifest(root) {
  return JSON.parse(readFileSync(path.join(root, 'dist/.vite/manifest.json'), 'utf8'));
}

/** Files a manifest entry loads before it runs: itself and its static imports, transitively. */
export function closure(manifest, key, seen = new Set()) {
  const entry = manifest[key];
  if (!entry || seen.has(entry.file)) return seen;
  seen.add(entry.file);
  for (const dep of entry.imports ?? []) closure(manifest, dep, seen);
  return seen;
}

/** The whole app's start-up (src/app/start-app.tsx), which /dashboard's entry imports after its first paint. */
function appStartFiles(manifest, files) {
  const key = Object.keys(manifest).find((k) => manifest[k].name === 'start-app');
  if (!key) throw new Error('src/app/start-app.tsx is not a chunk of the build');
  return closure(manifest, key, files);
}

/**
 * The JS files a first load of a whole-app route needs: its page's entry (index.html, or
 * dashboard.html for /dashboard), the app's start-up (the layout is in it) and the route's screens.
 */
export function appRouteFiles(manifest, route, entry = 'index.html') {
  const files = appStartFiles(manifest, closure(manifest, entry));
  for (const key of APP_SCREENS[route]) {
    // A screen renamed or no longer lazy in app/routes.tsx: say so rather than preload nothing.
    if (!manifest[key]) throw new Error(`${key} (APP_SCREENS['${route}']) is not a chunk of the build`);
    closure(manifest, key, files);
  }
  return [...files].filter((file) => file.endsWith('.js'));
}

/** An HTML page of dist/ and its brotli and gzip copies (the gateway sends the one accepted). */
export function writePage(file, text) {
  writeFileSync(file, text);
  const bytes = Buffer.from(text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}
