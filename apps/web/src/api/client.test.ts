import { http, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import { apiRequest } from './client';
import { ApiError } from './api-error';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the call to fail');
}

describe('apiRequest', () => {
  it('answers the JSON body and sends JSON bodies', async () => {
    server.use(
      http.post('/api/echo', async ({ request }) =>
        HttpResponse.json({ success: true, got: await request.json() }),
      ),
    );
    await expect(apiRequest('/api/echo', { method: 'POST', body: { a: 1 } })).resolves.toEqual({
      success: true,
      got: { a: 1 },
    });
  });

  it("turns the server's { success:false, error, code } into an ApiError", async () => {
    server.use(
      http.get('/api/x', () =>
        HttpResponse.json(
          { success: false, error: 'Email inválido', code: 'INVALID_EMAIL' },
          { status: 400 },
        ),
      ),
    );
    const error = await failure(apiRequest('/api/x'));
    expect(error).toMatchObject({ message: 'Email inválido', status: 400, code: 'INVALID_EMAIL' });
  });

  it('reports a non-JSON answer as HTTP {status}: and the first 300 characters', async () => {
    server.use(http.get('/api/x', () => new HttpResponse(`<html>${'x'.repeat(400)}`, { status: 502 })));
    const error = await failure(apiRequest('/api/x'));
    expect(error.message).toBe(`HTTP 502: <html>${'x'.repeat(294)}`);
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('reports a network failure as Erro de conexão', async () => {
    server.use(http.get('/api/x', () => HttpResponse.error()));
    const error = await failure(apiRequest('/api/x'));
    expect(error).toMatchObject({ message: 'Erro de conexão', status: 0, code: 'NETWORK_ERROR' });
  });

  it('gives up after the timeout', async () => {
    server.use(
      http.get('/api/x', async () => {
        await delay(500);
        return HttpResponse.json({ success: true });
      }),
    );
    const error = await failure(apiRequest('/api/x', { timeoutMs: 50 }));
    expect(error.code).toBe('TIMEOUT');
  });
});
