// The public pages' HTML rendered at build (issue 31: the landing page paints before any script
// runs): src/prerender/render-page.tsx is built for Node, each page rendered into its own built
// page (dist/landing.html), compressed like the rest of dist/, and dist/pages.json tells the gateway which
// file answers which path.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const MARK = '<!--prerendered-->';
/** Path → file of dist/, for the public entry's pages (the whole app's index.html answers the rest). */
const FILES = { '/': 'landing.html', '/login': 'public.html', '/signup': 'public.html' };

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

function writeCompressed(file, text) {
  writeFileSync(file, text);
  const bytes = Buffer.from(text);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** Renders the pre-rendered pages into `root`/dist and writes dist/pages.json. */
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
    const { renderPage, PRERENDERED } = await import(pathToFileURL(path.join(out, 'render-page.js')).href);
    for (const page of Object.keys(PRERENDERED)) {
      if (FILES[page] === 'public.html') throw new Error(`${page} is pre-rendered: give it its own file`);
      const template = readFileSync(path.join(root, 'dist', FILES[page]), 'utf8');
      if (!template.includes(MARK)) throw new Error(`dist/${FILES[page]} has no ${MARK} to fill`);
      const html = inlineStyles(root, template.replace(MARK, renderPage(page)));
      writeCompressed(path.join(root, 'dist', FILES[page]), html);
    }
    writeFileSync(path.join(root, 'dist/pages.json'), `${JSON.stringify(FILES, null, 2)}\n`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
