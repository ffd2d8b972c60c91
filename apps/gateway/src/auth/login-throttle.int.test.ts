import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { Redis } from 'ioredis';
import { describeWithRedis, testRedisUrl } from '@atende/read-models';
import { redisRateLimitStores } from '../distributed/redis-rate-limit-store.js';
import { GatewayHarness } from '../testing/harness.js';
import { loginThrottle } from './login-throttle.js';

/** Issue 25 (4): nobody can lock an account out from another address. */
describe('sign-in throttle', () => {
  let gw: GatewayHarness;
  beforeAll(async () => {
    gw = await GatewayHarness.start({
      channel: false,
      // Behind a proxy on loopback: the client's address comes from X-Forwarded-For.
      env: { TRUST_PROXY: 'loopback' },
      loginLimits: { perAccountAddress: 4, perAddress: 1000, delayAfter: 2, delayMs: 300 },
    });
    await gw.addMember({ userId: 'dona', email: 'dona@loja.com', password: 'senha-certa-1', role: 'Owner' });
  });
  afterAll(async () => gw?.stop());

  const login = async (from: string, email: string, password: string) => {
    const started = performance.now();
    const res = await gw.request<{ code?: string; error?: string }>('POST', '/api/auth/login', {
      body: { email, password },
      headers: { 'x-forwarded-for': from },
    });
    return { status: res.status, body: res.body, ms: performance.now() - started };
  };

  it("blocks a stranger's address after repeated failures, slower each time, while the owner still signs in", async () => {
    const attacker = '203.0.113.9';
    const tries = [];
    for (let i = 0; i < 4; i += 1) tries.push(await login(attacker, 'dona@loja.com', `chute-${i}`));
    expect(tries.map((t) => t.status)).toEqual([401, 401, 401, 401]);
    // The first two are answered at once; then each waits longer (300 ms, 600 ms…).
    expect(tries[2]!.ms).toBeGreaterThanOrEqual(290);
    expect(tries[3]!.ms).toBeGreaterThanOrEqual(590);
    const blocked = await login(attacker, 'dona@loja.com', 'senha-certa-1');
    expect(blocked).toMatchObject({ status: 429, body: { code: 'TOO_MANY_ATTEMPTS' } });

    // The owner, from her own address, is not locked out by it.
    expect((await login('198.51.100.7', 'dona@loja.com', 'senha-certa-1')).status).toBe(200);
  });

  it('answers an unknown e-mail as a wrong password', async () => {
    const unknown = await login('192.0.2.1', 'ninguem@loja.com', 'qualquer-1');
    const wrong = await login('192.0.2.2', 'dona@loja.com', 'qualquer-1');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(wrong.body);
  });
});

describeWithRedis('sign-in throttle across gateways (Redis counters)', () => {
  const prefix = `atende-test:${randomUUID()}:`;
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(testRedisUrl());
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  /** A gateway's sign-in route in front of a password check that always fails. */
  async function gatewayLike(): Promise<{ url: string; close(): void }> {
    const app = express();
    app.use(express.json());
    const store = redisRateLimitStores(redis, prefix);
    app.post(
      '/login',
      ...loginThrottle({ perAccountAddress: 3, perAddress: 100, delayAfter: 100 }, store),
      (_req, res) => void res.status(401).json({ success: false, error: 'x', code: 'INVALID_CREDENTIALS' }),
    );
    const server = await new Promise<Server>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
  }

  it('counts failures on every gateway together', async () => {
    const a = await gatewayLike();
    const b = await gatewayLike();
    try {
      const attempt = (url: string) =>
        fetch(`${url}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'alvo@loja.com', password: 'x' }),
        }).then((r) => r.status);
      expect([await attempt(a.url), await attempt(b.url), await attempt(a.url)]).toEqual([401, 401, 401]);
      expect(await attempt(b.url)).toBe(429);
    } finally {
      a.close();
      b.close();
    }
  });
});
