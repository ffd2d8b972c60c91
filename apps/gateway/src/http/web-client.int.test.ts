import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GatewayHarness } from '../testing/harness.js';

const APP_JS = `export const texts = ${JSON.stringify('Olá, mundo! '.repeat(500))};`;
const LANDING = `<!doctype html><div id="root"><h1>Atende</h1>${'<p>Todos os seus canais</p>'.repeat(200)}</div>`;

describe('the gateway serves the built web client', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'atende-web-'));
  let gw: GatewayHarness;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    // The public pages' entry, the landing page pre-rendered with its compressed copies (build/prerender.mjs).
    writeFileSync(path.join(dist, 'public.html'), '<!doctype html><div id="root"><!--prerendered--></div>');
    writeFileSync(path.join(dist, 'landing.html'), LANDING);
    writeFileSync(path.join(dist, 'landing.html.br'), brotliCompressSync(LANDING));
    writeFileSync(path.join(dist, 'landing.html.gz'), gzipSync(LANDING));
    writeFileSync(
      path.join(dist, 'pages.json'),
      JSON.stringify({ '/': 'landing.html', '/signup': 'public.html', '/login': 'login.html' }),
    );
    // What the build writes next to each script: its brotli and gzip copies.
    writeFileSync(path.join(dist, 'assets', 'app-def456.js'), APP_JS);
    writeFileSync(path.join(dist, 'assets', 'app-def456.js.br'), brotliCompressSync(APP_JS));
    writeFileSync(path.join(dist, 'assets', 'app-def456.js.gz'), gzipSync(APP_JS));
    gw = await GatewayHarness.start({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await gw.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml' };

  // Node's fetch would decode the body itself: read the bytes as sent, with node:http.
  const viaHttp = (pathname: string, encoding: string) =>
    new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const url = new URL(`${gw.url}${pathname}`);
      const headers = { 'accept-encoding': encoding, accept: html.accept };
      httpGet({ host: url.hostname, port: url.port, path: url.pathname, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      }).on('error', reject);
    });

  it.each(['/login', '/dashboard', '/dashboard/team', '/billing', '/nao-existe'])(
    'answers index.html for %s, so the client router handles a reload',
    async (pathname) => {
      const res = await gw.request('GET', pathname, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('answers a public page with its own file from pages.json, pre-rendered and compressed when built so', async () => {
    const landing = await gw.request('GET', '/', { headers: html });
    expect(landing.status).toBe(200);
    expect(landing.headers.get('cache-control')).toBe('no-cache');
    expect(landing.body).toBe(LANDING);
    const signup = await gw.request('GET', '/signup/', { headers: html });
    expect(signup.body).toContain('<!--prerendered-->');
    // Named in pages.json but not built: the whole app's page, not an error.
    expect((await gw.request('GET', '/login', { headers: html })).body).toBe(
      '<!doctype html><div id="root"></div>',
    );
    const raw = await viaHttp('/', 'br');
    expect(raw.headers['content-encoding']).toBe('br');
    expect(raw.headers['content-type']).toMatch(/text\/html/);
    expect(String(raw.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(brotliDecompressSync(raw.body).toString()).toBe(LANDING);
    expect((await viaHttp('/', 'gzip')).headers['content-encoding']).toBe('gzip');
    expect((await viaHttp('/', 'identity')).body.toString()).toBe(LANDING);
  });

  it('caches hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await gw.request('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const missing = await gw.request('GET', '/assets/nao-existe.js', { headers: html });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false });
  });

  it('sends the brotli or gzip copy the browser accepts, varying on Accept-Encoding, else the file', async () => {
    const br = await viaHttp('/assets/app-def456.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/Accept-Encoding/i);
    expect(String(br.headers['cache-control'])).toMatch(/immutable/);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(APP_JS) / 4);
    expect(brotliDecompressSync(br.body).toString()).toBe(APP_JS);
    const gz = await viaHttp('/assets/app-def456.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(APP_JS);
    const plain = await viaHttp('/assets/app-def456.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(APP_JS);
  });

  it('leaves unknown API paths to the JSON 404, even when the browser asks for HTML', async () => {
    const res = await gw.request('GET', '/api/nao-existe', { headers: html });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: 'Rota não encontrada', code: 'NOT_FOUND' });
  });

  it('sends a Content-Security-Policy that allows its own scripts, data: QR codes and https: pictures', async () => {
    const csp = (await gw.request('GET', '/', { headers: html })).headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toMatch(/img-src 'self' data: blob: https:/);
    expect(csp).toMatch(/connect-src 'self'(;|$)/);
  });
});

describe('without a built web client', () => {
  it('serves the API only', async () => {
    const gw = await GatewayHarness.start({ env: { WEB_DIST_DIR: path.join(tmpdir(), 'atende-sem-web') } });
    try {
      const res = await gw.request('GET', '/dashboard', { headers: { accept: 'text/html' } });
      expect(res.status).toBe(404);
      expect((await gw.request('GET', '/healthz')).status).toBe(200);
    } finally {
      await gw.stop();
    }
  });
});
