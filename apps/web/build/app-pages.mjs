// The whole app's pages: index.html with its loading screen already in #root (it paints before the
// script arrives; React's first render shows the same screen), and one page per route
// (dashboard-team.html, …) that also preloads the route's screen chunks, so they download beside the
// entry instead of after it has run. A route whose page is pre-rendered (/dashboard, prerender.mjs)
// keeps that page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_SCREENS, appRouteFiles, readManifest, writePage } from './page-files.mjs';

/** Writes the pages and answers path → file for dist/pages.json (`prerendered`: the pages made already). */
export function writeAppPages(root, appShell, prerendered) {
  const manifest = readManifest(root);
  const empty = '<div id="root"></div>';
  const built = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
  if (!built.includes(empty)) throw new Error(`dist/index.html has no ${empty} to fill`);
  const index = built.replace(empty, `<div id="root">${appShell}</div>`);
  writePage(path.join(root, 'dist/index.html'), index);
  const pages = {};
  for (const route of Object.keys(APP_SCREENS).filter((r) => !prerendered[r])) {
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
