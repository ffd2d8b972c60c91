import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import express from 'express';
import { pino } from 'pino';
import { requestLog } from './request-log.js';

async function withApp(level: string, run: (url: string, lines: Record<string, unknown>[]) => Promise<void>) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  const app = express();
  app.use(requestLog(pino({ level }, sink)));
  app.get('/ok', (req, res) => void res.json({ id: req.id }));
  app.get('/boom', (_req, res) => void res.status(503).end());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    await run(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines);
  } finally {
    server.close();
  }
}

describe('requestLog', () => {
  it('logs one line per request with id, method, url, status and time, never the headers', async () => {
    await withApp('info', async (url, lines) => {
      const res = await fetch(`${url}/ok?x=1`, { headers: { cookie: 'atende_session=secret' } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect(((await res.json()) as { id: string }).id).toBe(id);
      await new Promise((r) => setTimeout(r, 20));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({ reqId: id, method: 'GET', url: '/ok?x=1', statusCode: 200 });
      expect(typeof lines[0]!.responseTime).toBe('number');
      expect(JSON.stringify(lines)).not.toContain('secret');
    });
  });

  it('keeps a well-formed caller request id and replaces a malformed one', async () => {
    await withApp('info', async (url) => {
      const kept = await fetch(`${url}/ok`, { headers: { 'x-request-id': 'trace-42' } });
      expect(kept.headers.get('x-request-id')).toBe('trace-42');
      const replaced = await fetch(`${url}/ok`, { headers: { 'x-request-id': 'bad id; drop' } });
      expect(replaced.headers.get('x-request-id')).not.toBe('bad id; drop');
    });
  });

  it('logs server errors at error level, and nothing when info is off', async () => {
    await withApp('info', async (url, lines) => {
      await fetch(`${url}/boom`);
      await new Promise((r) => setTimeout(r, 20));
      expect(lines[0]).toMatchObject({ level: 50, statusCode: 503 });
    });
    await withApp('warn', async (url, lines) => {
      const res = await fetch(`${url}/ok`);
      expect(res.headers.get('x-request-id')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 20));
      expect(lines).toHaveLength(0);
    });
  });
});
