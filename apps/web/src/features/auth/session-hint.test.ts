import { sessionWorthAsking } from './session-hint';
import { STORED_USER_KEY } from './stored-user';
import { storedAna } from './test/auth-fixtures';

describe('sessionWorthAsking', () => {
  beforeEach(() => window.localStorage.clear());

  it('does not ask on a public page when no user record is stored', () => {
    for (const path of ['/', '/login', '/signup', '/login/']) expect(sessionWorthAsking(path)).toBe(false);
  });

  it('asks on a public page when this browser keeps a signed-in user', () => {
    window.localStorage.setItem(STORED_USER_KEY, JSON.stringify(storedAna));
    expect(sessionWorthAsking('/')).toBe(true);
    expect(sessionWorthAsking('/login')).toBe(true);
  });

  it('always asks on a protected page (a session without the record still opens it)', () => {
    expect(sessionWorthAsking('/dashboard')).toBe(true);
    expect(sessionWorthAsking('/dashboard/team')).toBe(true);
    expect(sessionWorthAsking('/billing')).toBe(true);
  });
});
