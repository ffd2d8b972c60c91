import { hashPassword, verifyPassword } from './password.js';

describe('password hashing', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('demo1234');
    expect(hash.startsWith('scrypt$')).toBe(true);
    expect(await verifyPassword('demo1234', hash)).toBe(true);
    expect(await verifyPassword('demo12345', hash)).toBe(false);
  });
  it('salts: the same password hashes differently', async () => {
    expect(await hashPassword('x')).not.toBe(await hashPassword('x'));
  });
  it('refuses a malformed stored hash', async () => {
    expect(await verifyPassword('x', 'plain')).toBe(false);
  });
});
