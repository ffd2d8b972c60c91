// The public pages' HTML rendered at build (issue 31: the landing page paints before any script
// runs): src/prerender/render-page.tsx is built for Node, each page rendered into a copy of
// dist/public.html, compressed like the rest of dist/, and dist/pages.json tells the gateway which
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
    const template = readFileSync(path.join(root, 'dist/public.html'), 'utf8');
    if (!template.includes(MARK)) throw new Error(`dist/public.html has no ${MARK} to fill`);
    for (const page of Object.keys(PRERENDERED)) {
      if (FILES[page] === 'public.html') throw new Error(`${page} is pre-rendered: give it its own file`);
      writeCompressed(path.join(root, 'dist', FILES[page]), template.replace(MARK, renderPage(page)));
    }
    writeFileSync(path.join(root, 'dist/pages.json'), `${JSON.stringify(FILES, null, 2)}\n`);
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}
