import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * A test file's API (msw): what a test did not stub answers 404, and a request no handler matches
 * fails the test. `cleanUp` runs after each test, before the handlers go back to the default.
 */
export function useApiServer(cleanUp?: () => void) {
  const server = setupServer(
    http.all('/api/*', () => HttpResponse.json({ success: false, error: 'não stub' }, { status: 404 })),
  );
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => {
    cleanUp?.();
    server.resetHandlers();
  });
  afterAll(() => server.close());
  return server;
}

/**
 * An answer a handler holds (`await held.wait()`) until the test, having checked what shows
 * meanwhile, lets it go (`held.release()`).
 */
export function heldAnswer() {
  let release: () => void = () => {};
  return {
    wait: () => new Promise<void>((resolve) => (release = resolve)),
    release: () => release(),
  };
}
