// The whole app's pages: index.html with its loading screen already in #root (it paints before the
// script arrives; React's first render shows the same screen), and one page per route
// (dashboard-team.html, …) that also preloads the route's screen chunks, so they download beside the
// entry instead of after it has run. /dashboard, the page every sign-in lands on, is its own entry
// (dashboard.html): its pre-rendered frame and greeting paint with the HTML (stylesheet inside), and
// its script fetches the app after that first paint.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { APP_SCREENS, appRouteFiles, readManifest, writePage } from './page-files.mjs';
import { inlineStyles } from './prerender.mjs';

const EMPTY_ROOT = '<div id="root"></div>';
const FRAME_MARK = '<!--dashboard-frame-->';
/**
 * The end of the dashboard's frame: the page does not paint before it is parsed (the browser would
 * otherwise paint the top bar alone, and the greeting a moment later).
 */
const FRAME_END = 'fim-do-quadro';

function dashboardPage(root, frame) {
  const built = readFileSync(path.join(root, 'dist/dashboard.html'), 'utf8');
  if (!built.includes(FRAME_MARK)) throw new Error(`dist/dashboard.html has no ${FRAME_MARK} to fill`);
  return inlineStyles(
    root,
    built
      .replace(FRAME_MARK, `${frame}<span id="${FRAME_END}"></span>`)
      .replace('</head>', `  <link rel="expect" href="#${FRAME_END}" blocking="render">\n  </head>`),
  );
}

/** Writes the pages and answers path → file for dist/pages.json. */
export function writeAppPages(root, appShell, dashboardFrame) {
  const manifest = readManifest(root);
  const built = readFileSync(path.join(root, 'dist/index.html'), 'utf8');
  if (!built.includes(EMPTY_ROOT)) throw new Error(`dist/index.html has no ${EMPTY_ROOT} to fill`);
  const index = built.replace(EMPTY_ROOT, `<div id="root">${appShell}</div>`);
  writePage(path.join(root, 'dist/index.html'), index);
  const pages = {};
  for (const route of Object.keys(APP_SCREENS)) {
    const name = `${route.slice(1).replaceAll('/', '-')}.html`;
    if (route === '/dashboard') {
      writePage(path.join(root, 'dist', name), dashboardPage(root, dashboardFrame));
    } else {
      const links = appRouteFiles(manifest, route)
        .filter((file) => !index.includes(`/${file}"`))
        .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
        .join('\n    ');
      writePage(path.join(root, 'dist', name), index.replace('</head>', `  ${links}\n  </head>`));
    }
    pages[route] = name;
  }
  return pages;
}
