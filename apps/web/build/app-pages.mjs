// One page per route of the whole app (dist/dashboard.html, dashboard-team.html, …): index.html plus
// modulepreload links for the layout's and the route's screen chunks, so they download beside the
// entry instead of after it has run (Lighthouse: the dashboard's paint waited for that second trip).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_SCREENS, appRouteFiles, readManifest, writePage } from './page-files.mjs';

/** Writes each route's page and answers path → file for dist/pages.json. */
export function writeAppPages(root) {
  const manifest = readManifest(root);
  const index = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
  const pages = {};
  for (const route of Object.keys(APP_SCREENS)) {
    const links = appRouteFiles(manifest, route)
      .filter((file) => !index.includes(`/${file}"`))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    const name = `${route.slice(1).replaceAll('/', '-')}.html`;
    writePage(path.join(root, 'dist', name), index.replace('</head>', `  ${links}\n  </head>`));
    pages[route] = name;
  }
  return pages;
}
