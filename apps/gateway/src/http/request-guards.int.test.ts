import { GatewayHarness } from '../testing/harness.js';
import { receiveMessage } from '../routes/conversations/testing.js';

/**
 * Same-site request forgery and input edge cases (issue 25, items 6 and 10), probed as a page of
 * another site or a careless client would: each refusal has the error shape and writes nothing.
 */
describe('request guards', () => {
  let gw: GatewayHarness;
  let cookie: string;
  let chatId: string;
  beforeAll(async () => {
    gw = await GatewayHarness.start({ channel: false });
    cookie = await gw.loginDemo();
    chatId = '5511966661111@c.us';
    await gw.atende.projector.waitForPosition(await receiveMessage(gw, { chatId, text: 'Oi' }));
  });
  afterAll(async () => gw?.stop());

  /** A raw request, without the harness's X-Requested-With. */
  async function raw(method: string, path: string, headers: Record<string, string>, body?: string) {
    const res = await fetch(`${gw.url}${path}`, {
      method,
      headers: { cookie, ...headers },
      ...(body !== undefined ? { body } : {}),
    });
    return {
      status: res.status,
      body: (await res.json()) as { success?: boolean; code?: string; error?: string },
    };
  }

  it('refuses body-less state changes that a page of another site could send (403), writing nothing', async () => {
    const before = await gw.lastPosition();
    const archive = `/api/conversations/${encodeURIComponent(chatId)}/archive`;
    const kinds: Record<string, string>[] = [
      {},
      { 'content-type': 'text/plain' },
      { 'content-type': 'application/x-www-form-urlencoded' },
    ];
    for (const headers of kinds) {
      const res = await raw('POST', archive, headers);
      expect(res).toEqual({
        status: 403,
        body: {
          success: false,
          code: 'APP_HEADER_REQUIRED',
          error: expect.stringContaining('X-Requested-With'),
        },
      });
    }
    expect((await raw('POST', '/api/auth/logout', {})).status).toBe(403);
    expect((await raw('POST', '/api/notifications/clear', { 'content-type': 'text/plain' })).status).toBe(
      403,
    );
    // A foreign Origin or Referer is refused even with the application's headers.
    const foreign = await raw('POST', archive, {
      'x-requested-with': 'XMLHttpRequest',
      origin: 'https://evil.example',
    });
    expect(foreign).toMatchObject({ status: 403, body: { success: false, code: 'FORBIDDEN_ORIGIN' } });
    const referer = await raw('POST', archive, {
      'content-type': 'application/json',
      referer: 'https://evil.example/page',
    });
    expect(referer.body.code).toBe('FORBIDDEN_ORIGIN');
    expect(await gw.lastPosition()).toBe(before);
    // The application's own calls pass: same origin, JSON or X-Requested-With.
    expect(
      (await raw('POST', archive, { 'x-requested-with': 'XMLHttpRequest', origin: gw.url })).status,
    ).toBe(200);
    expect(
      (
        await raw('POST', `/api/conversations/${encodeURIComponent(chatId)}/unarchive`, {
          'content-type': 'application/json',
        })
      ).status,
    ).toBe(200);
  });

  it('answers a state change with a body that is not JSON with 415 (a PUT no longer passes as empty)', async () => {
    const before = await gw.lastPosition();
    const theme = await raw(
      'PUT',
      '/api/auth/me/theme',
      { 'content-type': 'text/plain', 'x-requested-with': 'x' },
      'theme=dark',
    );
    expect(theme).toEqual({
      status: 415,
      body: { success: false, code: 'UNSUPPORTED_MEDIA_TYPE', error: 'Envie os dados como application/json' },
    });
    const form = await raw(
      'POST',
      '/api/notes',
      { 'content-type': 'application/x-www-form-urlencoded' },
      'title=a&content=b',
    );
    expect(form.status).toBe(415);
    expect(await gw.lastPosition()).toBe(before);
  });

  it('refuses NUL characters and prototype keys anywhere in the input (400)', async () => {
    const before = await gw.lastPosition();
    const nul = await gw.request('POST', '/api/notes', { cookie, body: { title: 'a\u0000b', content: 'c' } });
    expect(nul).toMatchObject({ status: 400, body: { success: false, code: 'INVALID_TEXT' } });
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const res = await gw.request('PUT', '/api/integrations/website', {
        cookie,
        body: `{"config":{"Website URL":"https://x.com","${key}":{"polluted":true}}}`,
      });
      expect(res).toMatchObject({
        status: 400,
        body: { success: false, code: 'FORBIDDEN_KEY', error: `Campo não permitido: ${key}` },
      });
    }
    const query = await gw.request('GET', '/api/team?search=a%00b', { cookie });
    expect(query.status).toBe(400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(await gw.lastPosition()).toBe(before);
  });
});
