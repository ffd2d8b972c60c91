import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GatewayHarness } from '../testing/harness.js';

describe('the gateway serves the built web client', () => {
  const dist = mkdtempSync(path.join(tmpdir(), 'atende-web-'));
  let gw: GatewayHarness;
  beforeAll(async () => {
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    gw = await GatewayHarness.start({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await gw.stop();
    rmSync(dist, { recursive: true, force: true });
  });

  const html = { accept: 'text/html,application/xhtml+xml' };

  it.each(['/', '/login', '/dashboard', '/dashboard/team', '/billing', '/nao-existe'])(
    'answers index.html for %s, so the client router handles a reload',
    async (pathname) => {
      const res = await gw.request('GET', pathname, { headers: html });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.body).toContain('<div id="root">');
    },
  );

  it('caches hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await gw.request('GET', '/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toMatch(/max-age=31536000.*immutable/);
    const missing = await gw.request('GET', '/assets/nao-existe.js', { headers: html });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false });
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
