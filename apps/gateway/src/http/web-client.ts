import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express, Request, Response } from 'express';
import expressStaticGzip from 'express-static-gzip';
import { z } from 'zod';

/** Where `npm run build -w @atende/web` writes the client (WEB_DIST_DIR overrides it). */
export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// Paths the SPA fallback must leave to the API's own 404.
const NOT_THE_CLIENT = /^\/(api|socket\.io)(\/|$)|^\/(healthz|readyz|metrics)$/;

/** dist/pages.json: the HTML file of dist/ that answers a path (the public pages' own entry, some pre-rendered). */
const pagesFileSchema = z.record(z.string().regex(/^\//), z.string().regex(/^[\w.-]+\.html$/));

/** An HTML page of dist/ and the compressed copies the build made of it (looked up once, at start). */
interface PageFile {
  file: string;
  br?: string;
  gz?: string;
}

function pageFile(file: string): PageFile {
  const copy = (suffix: string) => (existsSync(`${file}${suffix}`) ? `${file}${suffix}` : undefined);
  return { file, br: copy('.br'), gz: copy('.gz') };
}

/** The pages dist/pages.json names, by path (files the build did not make are left out). */
function readPages(dir: string): Map<string, PageFile> {
  const file = path.join(dir, 'pages.json');
  if (!existsSync(file)) return new Map();
  const pages = pagesFileSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  return new Map(
    Object.entries(pages)
      .map(([page, name]) => [page, path.join(dir, name)] as const)
      .filter(([, html]) => existsSync(html))
      .map(([page, html]) => [page, pageFile(html)] as const),
  );
}

/** An HTML page, as the brotli or gzip copy the browser accepts when the build made one. */
function sendPage(req: Request, res: Response, page: PageFile): void {
  res.setHeader('Cache-Control', 'no-cache');
  res.vary('Accept-Encoding');
  const encoding = req.acceptsEncodings('br', 'gzip');
  const copy = encoding === 'br' ? page.br : encoding === 'gzip' ? page.gz : undefined;
  if (copy) {
    res.type('html');
    res.setHeader('Content-Encoding', encoding as string);
    res.sendFile(copy);
  } else res.sendFile(page.file);
}

/**
 * Serves the built web client, compressed when the browser accepts it: hashed assets cached for a
 * year; every other GET that asks for HTML answered with its page — the public pages' own (from
 * dist/pages.json: /, /login pre-rendered) or index.html, so the client's router handles /dashboard,
 * … on a reload. Answers false (and serves nothing) when the client has not been built.
 */
export function serveWebClient(app: Express, dir: string): boolean {
  const indexFile = path.join(dir, 'index.html');
  if (!existsSync(indexFile)) return false;
  const index = pageFile(indexFile);
  const pages = readPages(dir);
  // The build's brotli / gzip copy when the browser accepts it (Vary: Accept-Encoding), else the file.
  const compressed = (root: string, serveStatic: expressStaticGzip.ExpressStaticGzipOptions['serveStatic']) =>
    expressStaticGzip(root, { enableBrotli: true, orderPreference: ['br', 'gz'], index: false, serveStatic });
  app.use(
    '/assets',
    compressed(path.join(dir, 'assets'), {
      immutable: true,
      maxAge: '365d',
      index: false,
      fallthrough: false,
    }),
  );
  app.use(compressed(dir, { index: false, maxAge: 0 }));
  app.get(/.*/, (req, res, next) => {
    if (NOT_THE_CLIENT.test(req.path) || !req.accepts('html')) return next();
    const page = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    sendPage(req, res, pages.get(page) ?? index);
  });
  return true;
}
