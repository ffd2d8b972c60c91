import { atendeRegistry } from '../all-events.js';
import { spec } from '../testing/given-when-then.js';
import { userDecider } from './decider.js';
import type { UserEvent } from './events.js';

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
const deactivated: UserEvent = { type: 'UserDeactivated', data: { userId: 'u1', byUserId: 'u1' } };
const user = spec(userDecider);

describe('User decider: DeactivateUser (Desativar conta permanentemente)', () => {
  it('deactivates an active account when the confirmation word is typed', () => {
    user
      .given([registered])
      .when({ type: 'DeactivateUser', data: { byUserId: 'u1', confirmation: ' DESATIVAR ' } })
      .then([deactivated]);
  });

  it.each(['', 'desativar', 'EXCLUIR', 'DESATIVA'])('refuses the confirmation %j', (confirmation) => {
    user
      .given([registered])
      .when({ type: 'DeactivateUser', data: { byUserId: 'u1', confirmation } })
      .thenThrows('DEACTIVATE_CONFIRMATION_MISMATCH', 'Digite DESATIVAR para confirmar a desativação');
  });

  it('refuses an unknown account', () => {
    user
      .given([])
      .when({ type: 'DeactivateUser', data: { byUserId: 'u1', confirmation: 'DESATIVAR' } })
      .thenThrows('USER_NOT_FOUND');
  });

  it('is final: deactivating again, a new password or theme are refused', () => {
    const given = user.given([registered, deactivated]);
    given
      .when({ type: 'DeactivateUser', data: { byUserId: 'u1', confirmation: 'DESATIVAR' } })
      .thenThrows('USER_DEACTIVATED', 'Esta conta foi desativada');
    given
      .when({ type: 'ChangePassword', data: { passwordHash: 'scrypt$new' } })
      .thenThrows('USER_DEACTIVATED');
    given.when({ type: 'ChangeTheme', data: { theme: 'dark' } }).thenThrows('USER_DEACTIVATED');
    given
      .when({
        type: 'RegisterUser',
        data: { userId: 'u1', email: 'ana@acme.com', name: 'Ana', authProvider: 'local', passwordHash: 'x' },
      })
      .thenThrows('USER_EXISTS');
  });

  it('keeps who the account was', () => {
    const state = [registered, deactivated].reduce(userDecider.evolve, userDecider.initialState());
    expect(state).toEqual({
      status: 'deactivated',
      user: {
        ...registered.data,
        theme: null,
        lastWorkspaceId: null,
        passwordTemporary: false,
        twoFactor: { pendingSecret: null, secret: null, recoveryCodeHashes: [] },
      },
    });
  });

  it('is a registered event type with a strict schema', () => {
    expect(atendeRegistry.has('UserDeactivated')).toBe(true);
    expect(() => atendeRegistry.prepare(deactivated, { workspaceId: 'w1' })).not.toThrow();
    expect(() =>
      atendeRegistry.prepare(
        { type: 'UserDeactivated', data: { userId: '', byUserId: 'u1' } },
        { workspaceId: 'w1' },
      ),
    ).toThrow(/Invalid event UserDeactivated/);
  });
});
