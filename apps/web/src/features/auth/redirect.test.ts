import { afterLoginPath } from './redirect';

describe('afterLoginPath', () => {
  it('goes back to the protected page the visitor asked for', () => {
    expect(afterLoginPath('/dashboard/team')).toBe('/dashboard/team');
    expect(afterLoginPath('/billing?x=1#y')).toBe('/billing?x=1#y');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'https://evil.example',
    '//evil.example',
    '/\\evil',
    '/',
    '/login',
    '/login?x',
  ])('falls back to /dashboard for %p', (requested) => {
    expect(afterLoginPath(requested)).toBe('/dashboard');
  });
});
