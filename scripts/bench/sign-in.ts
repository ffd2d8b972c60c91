/** How the benches sign in: the login answer's session cookie and user id (the demo owner by default). */
import { DEMO_OWNER } from '@atende/gateway';

export interface BenchSession {
  /** `name=value` of the session cookie, for a Cookie header. */
  cookie: string;
  userId: string;
}

export async function signIn(
  baseUrl: string,
  email: string = DEMO_OWNER.email,
  password: string = DEMO_OWNER.password,
): Promise<BenchSession> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  const { user } = (await res.json()) as { user: { id: string } };
  return { cookie, userId: user.id };
}
