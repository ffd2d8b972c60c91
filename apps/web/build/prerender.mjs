// Pages' HTML rendered at build (issue 31: they paint before any script runs): the landing page and
// the dashboard's frame. src/prerender/render-page.tsx is built for Node and each page rendered into
// its own built page (dist/landing.html, dist/dashboard.html), compressed like the rest of dist/.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { writePage } from './page-files.mjs';

const MARK = '<!--prerendered-->';
/**
 * Path → file of dist/, for the public entry's pages and the pre-rendered dashboard (the whole app's
 * pages answer the rest, see app-pages.mjs).
 */
const FILES = {
  '/': 'landing.html',
  '/login': 'public.html',
  '/signup': 'public.html',
  '/dashboard': 'dashboard.html',
};

const STYLESHEET = /<link rel="stylesheet"[^>]*href="\/(assets\/[\w.-]+\.css)"[^>]*>/g;

/**
 * The page's stylesheets inside it: a pre-rendered page paints as soon as its HTML arrives, with no
 * second round trip for the CSS that would hold the first paint back (helmet's CSP allows inline styles).
 */
function inlineStyles(root, html) {
  return html.replace(
    STYLESHEET,
    (_tag, file) => `<style>${readFileSync(path.join(root, 'dist', file), 'utf8')}</style>`,
  );
}

/**
 * Renders the pre-rendered pages into `root`/dist; answers path → file of the public and pre-rendered
 * pages (for dist/pages.json) and the whole app's loading screen as HTML (for its pages, see app-pages.mjs).
 */
export async function prerender(root) {
  const out = mkdtempSync(path.join(tmpdir(), 'atende-prerender-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      plugins: [react()],
      // One self-contained file: the workspace packages are TypeScript sources Node cannot import.
      ssr: { noExternal: true },
      build: { ssr: 'src/prerender/render-page.tsx', outDir: out, emptyOutDir: true, minify: false },
    });
    const { renderAppShell, PRERENDERED } = await import(
      pathToFileURL(path.join(out, 'render-page.js')).href
    );
    for (const page of Object.keys(PRERENDERED)) {
      if (FILES[page] === 'public.html') throw new Error(`${page} is pre-rendered: give it its own file`);
      const template = readFileSync(path.join(root, 'dist', FILES[page]), 'utf8');
      if (!template.includes(MARK)) throw new Error(`dist/${FILES[page]} has no ${MARK} to fill`);
      const html = inlineStyles(root, template.replace(MARK, PRERENDERED[page]()));
      writePage(path.join(root, 'dist', FILES[page]), html);
    }
    return { pages: FILES, appShell: renderAppShell() };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
