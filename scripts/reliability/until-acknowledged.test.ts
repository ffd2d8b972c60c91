import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runPool } from './run-pool.js';
import { NotRetryable, isRetryableStatus, untilAcknowledged } from './until-acknowledged.js';

const fast = { firstDelayMs: 1, maxDelayMs: 5 };

describe('untilAcknowledged', () => {
  let server: Server;
  let url: string;
  let requests = 0;

  beforeAll(async () => {
    // Drops the first three connections without an answer ("other side closed"), then says 503, then 200.
    server = createServer((req, res) => {
      requests += 1;
      if (requests <= 3) return void req.socket.destroy();
      if (requests === 4) return void res.writeHead(503).end('{"code":"NOT_RECORDED"}');
      res.writeHead(200).end('{"ok":true}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends again after dropped connections and retryable answers until acknowledged', async () => {
    const acked = await untilAcknowledged(
      'message 1',
      async () => {
        const res = await fetch(url, { method: 'POST', body: 'same message' });
        if (res.status !== 200) throw new Error(`${res.status}`);
        return res.json();
      },
      fast,
    );
    expect(acked).toMatchObject({ value: { ok: true }, attempts: 5 });
  });

  it('stops at once on an answer no retry can change', async () => {
    let attempts = 0;
    const attempt = async () => {
      attempts += 1;
      throw new NotRetryable('401 wrong token');
    };
    await expect(untilAcknowledged('message 2', attempt, fast)).rejects.toThrow('401 wrong token');
    expect(attempts).toBe(1);
  });

  it('fails clearly after the deadline, naming the last failure and its cause', async () => {
    const attempt = async () => {
      throw new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED 127.0.0.1:1') });
    };
    await expect(untilAcknowledged('message 3', attempt, { ...fast, deadlineMs: 50 })).rejects.toThrow(
      /^message 3: not acknowledged within 0.05 s \(\d+ attempts\); last failure: TypeError: fetch failed ← Error: connect ECONNREFUSED/,
    );
  });

  it('gives up when its signal aborts', async () => {
    const abort = new AbortController();
    setTimeout(() => abort.abort(new Error('a sibling failed')), 20);
    const attempt = async () => {
      throw new Error('503');
    };
    await expect(untilAcknowledged('message 4', attempt, { ...fast, signal: abort.signal })).rejects.toThrow(
      'a sibling failed',
    );
  });

  it('counts timeouts, conflicts, throttling and 5xx as retryable, other 4xx not', () => {
    expect([408, 409, 429, 500, 502, 503].every(isRetryableStatus)).toBe(true);
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false);
  });
});

describe('runPool', () => {
  it('runs every task with at most `concurrency` at once', async () => {
    let running = 0;
    let most = 0;
    const done: number[] = [];
    await runPool(20, 4, async (i) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 1));
      running -= 1;
      done.push(i);
    });
    expect(done.sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(most).toBe(4);
  });

  it('stops on the first failure, aborts the running tasks and returns once they settled', async () => {
    const started: number[] = [];
    let settled = 0;
    const pool = runPool(100, 3, async (i, signal) => {
      started.push(i);
      try {
        if (i === 4) throw new Error('message 4 never acknowledged');
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(resolve, i < 4 ? 1 : 10_000);
          signal.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)));
        });
      } finally {
        settled += 1;
      }
    });
    await expect(pool).rejects.toThrow('message 4 never acknowledged');
    expect(settled).toBe(started.length);
    expect(started.length).toBeLessThan(10);
  });
});
