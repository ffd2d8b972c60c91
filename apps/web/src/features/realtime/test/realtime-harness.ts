import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { AppStore } from '../../../app/store';
import { TestGateway, letSocketThrough, me } from './test-gateway';

/**
 * What the socket suites share: the API stubbed with msw (anything not stubbed answers 404, other
 * features' sagas may ask for more than a test stubs; GET /api/auth/me answers the signed-in agent),
 * a fresh TestGateway at position 10 per test, and the stores a test made, whose sagas are cancelled
 * after it. Register it at the top of a suite file: its hooks run before the file's own.
 */
export function useRealtimeHarness() {
  const server = setupServer(
    http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
  );
  const harness = { server, gateway: undefined as unknown as TestGateway, stores: [] as AppStore[] };
  beforeAll(() => server.listen({ onUnhandledRequest: letSocketThrough }));
  afterAll(() => server.close());
  beforeEach(async () => {
    harness.gateway = await TestGateway.start();
    harness.gateway.position = 10;
    server.use(http.get('/api/auth/me', () => HttpResponse.json({ success: true, user: me() })));
  });
  afterEach(async () => {
    for (const store of harness.stores.splice(0)) store.sagaTask?.cancel();
    server.resetHandlers();
    await harness.gateway.stop();
  });
  return harness;
}
