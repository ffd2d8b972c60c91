import type { Server } from 'node:http';
import pino from 'pino';
import { startSandboxControls } from './sandbox-controls.js';
import type { SandboxPhone } from './sandbox-routes.js';

const TOKEN = 'token-of-the-sandbox-controls';

/** A phone that records what it is told (the route's own tests drive a real one). */
function recordingPhone(): SandboxPhone & { inbounds: string[] } {
  const inbounds: string[] = [];
  return {
    inbounds,
    delivered: async () => undefined,
    scan: () => undefined,
    inbound: (_sessionId, input) => {
      inbounds.push(input.text ?? '');
      return { providerMessageId: 'p-1', chatId: `${input.from}@c.us`, messageId: 'm-1' };
    },
    ack: () => undefined,
    outbox: () => [],
  };
}

describe('sandbox controls server (a channel worker apart from the gateways)', () => {
  let server: Server;
  let base: string;
  const phone = recordingPhone();

  beforeAll(async () => {
    server = await startSandboxControls({
      sandbox: phone,
      conversationIdOf: async () => 'ct_1',
      token: TOKEN,
      port: 0,
      host: '127.0.0.1',
      logger: pino({ level: 'silent' }),
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const inbound = (token: string) =>
    fetch(`${base}/api/sandbox/whatsapp/inbound`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-token': token },
      body: JSON.stringify({ sessionId: 'demo-sandbox', from: '5511999990000', text: 'Olá' }),
    });

  it('records an inbound message and answers without a cache validator or a framework banner', async () => {
    const res = await inbound(TOKEN);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, conversationId: 'ct_1', messageId: 'm-1' });
    expect(phone.inbounds).toEqual(['Olá']);
    // Nothing caches these answers: a hash of every body was work for nothing.
    expect(res.headers.get('etag')).toBeNull();
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it('refuses a call without the right token, in the error shape', async () => {
    const res = await inbound('wrong-token-of-the-same-size-xx');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ success: false, code: 'SANDBOX_TOKEN_REQUIRED' });
    expect(phone.inbounds).toEqual(['Olá']);
  });
});
