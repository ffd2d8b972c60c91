import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler } from 'express';
import type { ChannelEvent } from '@atende/events';
import { SandboxChannel, inboundMessageId } from '@atende/channel-worker';
import { toErrorResponse } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { mountRoutes } from '../../http/mount-routes.js';
import { openApiDocument } from '../../http/openapi.js';
import { sandboxRoutes } from './sandbox-routes.js';

const session = { sessionId: 's-1', phoneNumber: '5511999990000', name: 'Suporte' };

let server: Server;
let baseUrl: string;
let sandbox: SandboxChannel;
let events: ChannelEvent[];

// Public routes never look a session up: without a cookie, no deps are touched.
const deps = { sessions: { get: async () => undefined } } as unknown as GatewayDeps;

beforeAll(async () => {
  const app = express();
  app.use(express.json());
  // A fresh phone per test behind one set of routes.
  const routes = sandboxRoutes({
    scan: (id) => sandbox.scan(id),
    inbound: (id, input) => sandbox.inbound(id, input),
    ack: (id, pid, status) => sandbox.ack(id, pid, status),
    outbox: (id) => sandbox.outbox(id),
    delivered: () => sandbox.delivered(),
  });
  mountRoutes(app, routes, deps);
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  };
  app.use(onError);
  server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('answers only once the message is recorded', () => {
  it('waits for the listeners, and reports 503 when recording failed', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    let recordedFirst = false;
    sandbox.onEvent(async (event) => {
      if (event.type !== 'inbound') return;
      await slow;
      recordedFirst = true;
    });
    await sandbox.connect({ sessionId: 's-rec', phoneNumber: '5511999990000', name: 'Suporte' });
    sandbox.scan('s-rec');
    await sandbox.delivered();
    const answer = call('POST', '/api/sandbox/whatsapp/inbound', {
      sessionId: 's-rec',
      from: '5511988887777',
      text: 'Oi',
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(recordedFirst).toBe(false);
    release();
    expect((await answer).status).toBe(200);
    expect(recordedFirst).toBe(true);

    sandbox.onEvent(async (event) => {
      if (event.type === 'inbound') throw new Error('disk full');
    });
    const failed = await call('POST', '/api/sandbox/whatsapp/inbound', {
      sessionId: 's-rec',
      from: '5511988887777',
      text: 'De novo',
    });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ success: false, code: 'NOT_RECORDED' });
  });
});

beforeEach(() => {
  sandbox = new SandboxChannel();
  events = [];
  sandbox.onEvent((event) => void events.push(event));
});

async function call(method: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

async function connectedSession() {
  await sandbox.connect(session);
  expect((await call('POST', '/api/sandbox/whatsapp/scan', { sessionId: 's-1' })).status).toBe(200);
  events.length = 0;
}

function expectError(res: { status: number; body: Record<string, unknown> }, status: number, code: string) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ success: false, code });
  expect(typeof res.body.error).toBe('string');
  expect((res.body.error as string).length).toBeGreaterThan(0);
}

describe('sandbox routes', () => {
  it('the real SandboxChannel fits the routes', () => {
    expect(sandboxRoutes(new SandboxChannel())).toHaveLength(4);
    expect(sandboxRoutes(new SandboxChannel()).every((r) => r.auth === 'public')).toBe(true);
  });

  it('documents itself in OpenAPI', () => {
    const doc = openApiDocument(sandboxRoutes(new SandboxChannel()), 'test') as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/sandbox/whatsapp/ack',
      '/api/sandbox/whatsapp/inbound',
      '/api/sandbox/whatsapp/outbox',
      '/api/sandbox/whatsapp/scan',
    ]);
  });

  describe('POST /api/sandbox/whatsapp/scan', () => {
    it('connects a session waiting for its QR', async () => {
      await sandbox.connect(session);
      const res = await call('POST', '/api/sandbox/whatsapp/scan', { sessionId: 's-1' });
      expect(res).toEqual({ status: 200, body: { success: true, sessionId: 's-1', connected: true } });
      expect(sandbox.status('s-1')).toBe('connected');
      expect(events.at(-1)).toEqual({ type: 'connected', sessionId: 's-1', phoneNumber: '5511999990000' });
    });

    it('unknown session 404, bad input 400', async () => {
      expectError(
        await call('POST', '/api/sandbox/whatsapp/scan', { sessionId: 'nope' }),
        404,
        'SANDBOX_SESSION_NOT_FOUND',
      );
      expectError(await call('POST', '/api/sandbox/whatsapp/scan', {}), 400, 'VALIDATION_ERROR');
      expectError(
        await call('POST', '/api/sandbox/whatsapp/scan', { sessionId: 's-1', extra: 1 }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  it('421 for a session another channel worker runs (several workers share the sessions)', async () => {
    sandbox = new SandboxChannel({ ownsSession: (id) => id !== 's-1' });
    for (const [method, path, body] of [
      ['POST', '/api/sandbox/whatsapp/scan', { sessionId: 's-1' }],
      ['POST', '/api/sandbox/whatsapp/inbound', { sessionId: 's-1', from: '5511988887777', text: 'Oi' }],
      ['GET', '/api/sandbox/whatsapp/outbox?sessionId=s-1', undefined],
    ] as const) {
      expectError(await call(method, path, body), 421, 'SANDBOX_SESSION_NOT_HERE');
    }
  });

  describe('POST /api/sandbox/whatsapp/inbound', () => {
    it('delivers a customer message and answers the conversation and message ids', async () => {
      await connectedSession();
      const res = await call('POST', '/api/sandbox/whatsapp/inbound', {
        sessionId: 's-1',
        from: '+55 (11) 98888-7777',
        name: 'Maria',
        text: 'Olá!',
        providerMessageId: 'p-1',
      });
      expect(res).toEqual({
        status: 200,
        body: {
          success: true,
          conversationId: '5511988887777@c.us',
          messageId: inboundMessageId('s-1', 'p-1'),
        },
      });
      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({
        type: 'inbound',
        sessionId: 's-1',
        message: {
          providerMessageId: 'p-1',
          chatId: '5511988887777@c.us',
          from: '5511988887777',
          senderName: 'Maria',
          content: 'Olá!',
          type: 'text',
        },
      });
    });

    it('the same providerMessageId twice: two channel events, one message id', async () => {
      await connectedSession();
      const body = { sessionId: 's-1', from: '5511988887777', text: 'Oi', providerMessageId: 'dup' };
      const first = await call('POST', '/api/sandbox/whatsapp/inbound', body);
      const second = await call('POST', '/api/sandbox/whatsapp/inbound', body);
      expect(first.body.messageId).toBe(second.body.messageId);
      expect(events.filter((e) => e.type === 'inbound')).toHaveLength(2);
    });

    it('without a providerMessageId every message is new', async () => {
      await connectedSession();
      const body = { sessionId: 's-1', from: '5511988887777', text: 'Oi' };
      const first = await call('POST', '/api/sandbox/whatsapp/inbound', body);
      const second = await call('POST', '/api/sandbox/whatsapp/inbound', body);
      expect(first.body.messageId).not.toBe(second.body.messageId);
    });

    it('media messages carry their URL', async () => {
      await connectedSession();
      const res = await call('POST', '/api/sandbox/whatsapp/inbound', {
        sessionId: 's-1',
        from: '5511988887777',
        type: 'image',
        mediaUrl: 'https://example.com/a.png',
      });
      expect(res.status).toBe(200);
      expect(events[0]).toMatchObject({
        message: { type: 'image', mediaUrl: 'https://example.com/a.png', content: '' },
      });
    });

    it('unknown session 404, not connected 409', async () => {
      const body = { sessionId: 's-1', from: '5511988887777', text: 'Oi' };
      expectError(
        await call('POST', '/api/sandbox/whatsapp/inbound', body),
        404,
        'SANDBOX_SESSION_NOT_FOUND',
      );
      await sandbox.connect(session);
      expectError(
        await call('POST', '/api/sandbox/whatsapp/inbound', body),
        409,
        'SANDBOX_SESSION_NOT_CONNECTED',
      );
      expect(events.filter((e) => e.type === 'inbound')).toHaveLength(0);
    });

    it.each([
      ['a short number', { from: '1234567' }],
      ['a long number', { from: '1234567890123456' }],
      ['no digits', { from: 'abcdefghij' }],
      ['no text for a text message', { text: '   ' }],
      ['an unknown type', { type: 'sticker' }],
      ['a bad media URL', { type: 'image', mediaUrl: 'javascript:alert(1)' }],
      ['an unknown field', { extra: true }],
    ])('refuses %s (400)', async (_label, patch) => {
      await connectedSession();
      const body = { sessionId: 's-1', from: '5511988887777', text: 'Oi', ...patch };
      expectError(await call('POST', '/api/sandbox/whatsapp/inbound', body), 400, 'VALIDATION_ERROR');
      expect(events).toHaveLength(0);
    });
  });

  describe('POST /api/sandbox/whatsapp/ack', () => {
    it('acks a message the phone received', async () => {
      await connectedSession();
      const { providerMessageId } = await sandbox.send('s-1', {
        messageId: 'm-1',
        chatId: '5511988887777@c.us',
        content: 'Olá',
        type: 'text',
      });
      const res = await call('POST', '/api/sandbox/whatsapp/ack', {
        sessionId: 's-1',
        providerMessageId,
        status: 'read',
      });
      expect(res).toEqual({ status: 200, body: { success: true } });
      expect(events).toEqual([{ type: 'ack', sessionId: 's-1', providerMessageId, status: 'read' }]);
    });

    it('errors: unknown session 404, unknown message 404, not connected 409, bad status 400', async () => {
      const ack = { sessionId: 's-1', providerMessageId: 'x', status: 'delivered' };
      expectError(await call('POST', '/api/sandbox/whatsapp/ack', ack), 404, 'SANDBOX_SESSION_NOT_FOUND');
      await sandbox.connect(session);
      expectError(await call('POST', '/api/sandbox/whatsapp/ack', ack), 409, 'SANDBOX_SESSION_NOT_CONNECTED');
      sandbox.scan('s-1');
      expectError(await call('POST', '/api/sandbox/whatsapp/ack', ack), 404, 'SANDBOX_MESSAGE_NOT_FOUND');
      expectError(
        await call('POST', '/api/sandbox/whatsapp/ack', { ...ack, status: 'sent' }),
        400,
        'VALIDATION_ERROR',
      );
    });
  });

  describe('GET /api/sandbox/whatsapp/outbox', () => {
    it('lists what agents sent, in order', async () => {
      await connectedSession();
      const send = (messageId: string, content: string) =>
        sandbox.send('s-1', { messageId, chatId: '5511988887777@c.us', content, type: 'text' });
      const a = await send('m-1', 'primeira');
      const b = await send('m-2', 'segunda');
      await send('m-1', 'primeira');
      const res = await call('GET', '/api/sandbox/whatsapp/outbox?sessionId=s-1');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const messages = res.body.messages as Record<string, unknown>[];
      expect(messages.map((m) => [m.providerMessageId, m.messageId, m.content])).toEqual([
        [a.providerMessageId, 'm-1', 'primeira'],
        [b.providerMessageId, 'm-2', 'segunda'],
      ]);
      expect(messages[0]).toMatchObject({ chatId: '5511988887777@c.us', type: 'text' });
      expect(typeof messages[0]!.sentAt).toBe('string');
    });

    it('an empty outbox, unknown session 404, missing sessionId 400', async () => {
      await sandbox.connect(session);
      expect(await call('GET', '/api/sandbox/whatsapp/outbox?sessionId=s-1')).toEqual({
        status: 200,
        body: { success: true, messages: [] },
      });
      expectError(
        await call('GET', '/api/sandbox/whatsapp/outbox?sessionId=nope'),
        404,
        'SANDBOX_SESSION_NOT_FOUND',
      );
      expectError(await call('GET', '/api/sandbox/whatsapp/outbox'), 400, 'VALIDATION_ERROR');
    });
  });
});
