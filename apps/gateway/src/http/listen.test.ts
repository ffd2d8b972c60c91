import type { AddressInfo } from 'node:net';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import express from 'express';
import { listenHttp } from './listen.js';

describe('listenHttp', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
  });

  function appWithRoute() {
    const app = express();
    app.get('/hello', (req, res) => {
      res.json({ agent: req.get('user-agent'), query: req.query });
    });
    return app;
  }

  it('hands Express requests and responses that already carry its prototypes, and serves the app', async () => {
    const app = appWithRoute();
    const server = await listenHttp(app, 0, '127.0.0.1');
    servers.push(server);
    const seen: { req: object | null; res: object | null }[] = [];
    // Runs before Express's own listener, so it sees the objects as Node built them.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      seen.push({ req: Object.getPrototypeOf(req), res: Object.getPrototypeOf(res) });
    });
    const { port } = server.address() as AddressInfo;

    const answer = await fetch(`http://127.0.0.1:${port}/hello?x=1`, { headers: { 'user-agent': 'probe' } });

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ agent: 'probe', query: { x: '1' } });
    expect(seen).toEqual([{ req: app.request, res: app.response }]);
  });

  it('rejects when the port is taken', async () => {
    const first = await listenHttp(appWithRoute(), 0, '127.0.0.1');
    servers.push(first);
    const { port } = first.address() as AddressInfo;

    await expect(listenHttp(appWithRoute(), port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
