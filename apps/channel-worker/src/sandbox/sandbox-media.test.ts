import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SANDBOX_MEDIA_MAX_BYTES, downloadMedia } from './sandbox-media.js';

describe('sandbox media download', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/foto.png') {
        res
          .writeHead(200, { 'content-type': 'image/png; charset=binary' })
          .end(Buffer.from([137, 80, 78, 71]));
      } else if (req.url === '/enorme.bin') {
        res.writeHead(200, { 'content-length': String(SANDBOX_MEDIA_MAX_BYTES + 1) });
        res.write('x');
        setTimeout(() => res.destroy(), 100);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('fetches http media with its type; refuses what is missing, too large or not http(s)', async () => {
    expect(await downloadMedia(`${base}/foto.png`)).toEqual({
      data: Buffer.from([137, 80, 78, 71]),
      mimetype: 'image/png',
    });
    await expect(downloadMedia(`${base}/sumiu.png`)).rejects.toThrow('o servidor respondeu 404');
    await expect(downloadMedia(`${base}/enorme.bin`)).rejects.toThrow('arquivo maior que 16 MB');
    await expect(downloadMedia('file:///etc/passwd')).rejects.toThrow('endereço não é http nem https');
  });
});
