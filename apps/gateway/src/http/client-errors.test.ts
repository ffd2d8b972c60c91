import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { answerClientErrors } from './client-errors.js';

/** Sends raw bytes and returns the whole answer (the server closes the connection). */
function raw(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

function parse(answer: string) {
  const [head, body] = answer.split('\r\n\r\n') as [string, string];
  return { statusLine: head.split('\r\n')[0], head, body: JSON.parse(body) as Record<string, unknown> };
}

describe('answerClientErrors', () => {
  let server: Server;
  let port: number;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('ok'));
    answerClientErrors(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  it('answers a URL over the header limit with 431 and the error shape (Node answers an empty 431)', async () => {
    const answer = parse(
      await raw(port, `GET /api/notes?x=${'a'.repeat(20 * 1024)} HTTP/1.1\r\nHost: x\r\n\r\n`),
    );
    expect(answer.statusLine).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(answer.head).toMatch(/content-type: application\/json/i);
    expect(answer.body).toEqual({
      success: false,
      error: 'Cabeçalhos grandes demais',
      code: 'HEADERS_TOO_LARGE',
    });
  });

  it('answers malformed HTTP with 400 and the error shape', async () => {
    const answer = parse(await raw(port, 'GARBAGE\r\n\r\n'));
    expect(answer.statusLine).toBe('HTTP/1.1 400 Bad Request');
    expect(answer.body).toEqual({ success: false, error: 'Requisição inválida', code: 'BAD_REQUEST' });
  });

  it('still serves well-formed requests', async () => {
    expect(await raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')).toMatch(/\r\n\r\nok$/);
  });
});
