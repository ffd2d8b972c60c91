import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler } from 'express';
import { pino } from 'pino';
import { z } from 'zod';
import { ok } from '@atende/api-contract';
import { toErrorResponse } from './errors.js';
import type { GatewayDeps } from './gateway-deps.js';
import { mountRoutes } from './mount-routes.js';
import { defineRoute } from './route.js';

// Development and tests check every answer against its route's contract schema: a handler that
// drifts from what clients were promised is caught at its first call, not in a browser.

const contactAnswer = ok({ name: z.string(), phone: z.string() });
/** A customer's number: what must never reach the log. */
const PHONE = '5511999990001';

const routes = [
  defineRoute({
    method: 'get',
    path: '/matching',
    summary: 'answers as its schema says',
    tag: 'test',
    auth: 'public',
    response: contactAnswer,
    handler: async () => ({ success: true, name: 'Maria', phone: PHONE }),
  }),
  defineRoute({
    method: 'get',
    path: '/drifted',
    summary: 'answers the phone as a number and leaves the name out',
    tag: 'test',
    auth: 'public',
    response: contactAnswer,
    handler: async () => ({ success: true, phone: Number(PHONE) }),
  }),
];

async function call(validateAnswers: boolean, path: string) {
  const lines: string[] = [];
  const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
  const deps = { logger, validateAnswers } as unknown as GatewayDeps;
  const app = express();
  mountRoutes(app, routes, deps);
  const onError: ErrorRequestHandler = (error, _req, res, _next) => {
    const { status, body } = toErrorResponse(error);
    res.status(status).json(body);
  };
  app.use(onError);
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: res.status, body: (await res.json()) as Record<string, unknown>, log: lines };
  } finally {
    server.close();
  }
}

describe('answer validation (VALIDATE_ANSWERS)', () => {
  it('sends an answer that matches its schema as the handler made it', async () => {
    const { status, body, log } = await call(true, '/matching');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, name: 'Maria', phone: PHONE });
    expect(log).toEqual([]);
  });

  it('answers 500 INTERNAL_ANSWER_INVALID for an answer that does not match, and logs the route and issues', async () => {
    const { status, body, log } = await call(true, '/drifted');
    expect(status).toBe(500);
    expect(body).toEqual({
      success: false,
      error: 'Erro interno do servidor. Tente novamente mais tarde.',
      code: 'INTERNAL_ANSWER_INVALID',
    });
    expect(log).toHaveLength(1);
    const entry = JSON.parse(log[0]!) as { level: number; route: string; issues: { path: string[] }[] };
    expect(entry.level).toBe(50); // pino's error
    expect(entry.route).toBe('get /drifted');
    expect(entry.issues.map((i) => i.path.join('.')).sort()).toEqual(['name', 'phone']);
    // Where it went wrong, never what was in it: answers carry personal data.
    expect(log[0]).not.toContain(PHONE);
  });

  it('leaves answers unchecked when off (production)', async () => {
    const { status, body, log } = await call(false, '/drifted');
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, phone: Number(PHONE) });
    expect(log).toEqual([]);
  });
});
