import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Express } from 'express';
import expressStaticGzip from 'express-static-gzip';

/** Where `npm run build -w @atende/web` writes the client (WEB_DIST_DIR overrides it). */
export const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

// Paths the SPA fallback must leave to the API's own 404.
const NOT_THE_CLIENT = /^\/(api|socket\.io)(\/|$)|^\/(healthz|readyz|metrics)$/;

/**
 * Serves the built web client, compressed when the browser accepts it: hashed assets cached for a
 * year, every other GET that asks for HTML
 * answered with index.html so the client's router handles /dashboard, /login, … on a reload.
 * Answers false (and serves nothing) when the client has not been built.
 */
export function serveWebClient(app: Express, dir: string): boolean {
  const index = path.join(dir, 'index.html');
  if (!existsSync(index)) return false;
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
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
  return true;
}
