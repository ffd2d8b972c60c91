import { createHash } from 'node:crypto';
import { spec } from '../testing/given-when-then.js';
import { userDecider } from './decider.js';
import type { UserEvent } from './events.js';
import { RECOVERY_CODE_COUNT } from './two-factor.js';
import { newTotpSecret, totpCodeAt, totpMatches, totpUrl } from './totp.js';

const user = spec(userDecider);
const registered: UserEvent = {
  type: 'UserRegistered',
  data: {
    userId: 'u1',
    email: 'ana@acme.com',
    name: 'Ana',
    authProvider: 'local',
    passwordHash: 'scrypt$abc',
    firebaseUid: null,
  },
};
const SECRET = newTotpSecret();
const AT = new Date('2026-11-26T12:00:00.000Z');
const hash = (code: string) => createHash('sha256').update(code).digest('base64url');
const codes = Array.from({ length: RECOVERY_CODE_COUNT }, (_, i) => `codigo-${i}`);
const started: UserEvent = { type: 'UserTwoFactorSetupStarted', data: { userId: 'u1', secret: SECRET } };
const enabled: UserEvent = {
  type: 'UserTwoFactorEnabled',
  data: { userId: 'u1', secret: SECRET, recoveryCodeHashes: codes.map(hash) },
};
const codeNow = totpCodeAt(SECRET, AT);
const at = AT.toISOString();

describe('TOTP (RFC 6238)', () => {
  it('matches the code of the instant, one 30-s step either side, not further', () => {
    expect(totpMatches(SECRET, codeNow, AT)).toBe(true);
    expect(totpMatches(SECRET, totpCodeAt(SECRET, new Date(AT.getTime() - 30_000)), AT)).toBe(true);
    expect(totpMatches(SECRET, totpCodeAt(SECRET, new Date(AT.getTime() + 90_000)), AT)).toBe(false);
    expect(totpMatches(SECRET, 'abcdef', AT)).toBe(false);
    expect(totpUrl(SECRET, 'Atende', 'ana@acme.com')).toMatch(
      /^otpauth:\/\/totp\/Atende:ana%40acme\.com\?.*secret=/,
    );
  });
});

describe('User decider: two-factor sign-in', () => {
  it('enrols: the secret first, then a code from the app turns it on with the recovery codes', () => {
    user
      .given([registered])
      .when({ type: 'StartTwoFactorSetup', data: { secret: SECRET } })
      .then([started]);
    user
      .given([registered, started])
      .when({ type: 'EnableTwoFactor', data: { code: codeNow, at, recoveryCodeHashes: codes.map(hash) } })
      .then([enabled]);
  });

  it('refuses a wrong code, an enrolment not started, and enrolling twice', () => {
    user
      .given([registered, started])
      .when({ type: 'EnableTwoFactor', data: { code: '000000', at, recoveryCodeHashes: codes.map(hash) } })
      .thenThrows('TOTP_INVALID', 'Código de verificação inválido');
    user
      .given([registered])
      .when({ type: 'EnableTwoFactor', data: { code: codeNow, at, recoveryCodeHashes: codes.map(hash) } })
      .thenThrows('TWO_FACTOR_NOT_STARTED');
    user
      .given([registered, started, enabled])
      .when({ type: 'StartTwoFactorSetup', data: { secret: SECRET } })
      .thenThrows('TWO_FACTOR_ALREADY_ON');
  });

  it("a sign-in's second factor: the app's code, or a recovery code once", () => {
    user
      .given([registered, started, enabled])
      .when({ type: 'ProveSecondFactor', data: { code: codeNow, at } })
      .then([]);
    user
      .given([registered, started, enabled])
      .when({ type: 'ProveSecondFactor', data: { code: '123456', at } })
      .thenThrows('TOTP_INVALID');
    const used: UserEvent = {
      type: 'UserRecoveryCodeUsed',
      data: { userId: 'u1', codeHash: hash('codigo-3') },
    };
    user
      .given([registered, started, enabled])
      .when({ type: 'ProveSecondFactor', data: { code: '', at, recoveryCodeHash: hash('codigo-3') } })
      .then([used]);
    user
      .given([registered, started, enabled, used])
      .when({ type: 'ProveSecondFactor', data: { code: '', at, recoveryCodeHash: hash('codigo-3') } })
      .thenThrows('TOTP_INVALID');
    // Without 2FA there is nothing to prove.
    user
      .given([registered])
      .when({ type: 'ProveSecondFactor', data: { code: '', at } })
      .then([]);
  });

  it('turns off only with a code (or a recovery code), and only when on', () => {
    user
      .given([registered, started, enabled])
      .when({ type: 'DisableTwoFactor', data: { code: codeNow, at } })
      .then([{ type: 'UserTwoFactorDisabled', data: { userId: 'u1' } }]);
    user
      .given([registered, started, enabled])
      .when({ type: 'DisableTwoFactor', data: { code: '111111', at } })
      .thenThrows('TOTP_INVALID');
    user
      .given([registered])
      .when({ type: 'DisableTwoFactor', data: { code: codeNow, at } })
      .thenThrows('TWO_FACTOR_OFF');
    const state = [
      registered,
      started,
      enabled,
      { type: 'UserTwoFactorDisabled', data: { userId: 'u1' } } as UserEvent,
    ].reduce(userDecider.evolve, userDecider.initialState());
    expect(state.status === 'active' && state.user.twoFactor).toEqual({
      pendingSecret: null,
      secret: null,
      recoveryCodeHashes: [],
    });
  });
});
