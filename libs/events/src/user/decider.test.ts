import { EventRegistry } from '../core/registry.js';
import { spec } from '../testing/given-when-then.js';
import type { UserCommand } from './commands.js';
import { userDecider } from './decider.js';
import type { UserEvent } from './events.js';
import { userEventDefinitions } from './events.js';

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
const user = spec(userDecider);

function register(data: Partial<Extract<UserCommand, { type: 'RegisterUser' }>['data']>): UserCommand {
  return {
    type: 'RegisterUser',
    data: {
      userId: 'u1',
      email: 'ana@acme.com',
      name: 'Ana',
      authProvider: 'local',
      passwordHash: 'scrypt$abc',
      ...data,
    },
  };
}

describe('User decider', () => {
  describe('RegisterUser', () => {
    it('registers a local user with a trimmed, lower-cased e-mail and trimmed name', () => {
      user
        .given([])
        .when(register({ email: '  Ana@ACME.com ', name: ' Ana ', firebaseUid: 'ignored' }))
        .then([registered]);
    });
    it('registers a firebase user without a password hash', () => {
      user
        .given([])
        .when(register({ authProvider: 'firebase', passwordHash: 'ignored', firebaseUid: 'fb-1' }))
        .then([
          {
            type: 'UserRegistered',
            data: { ...registered.data, authProvider: 'firebase', passwordHash: null, firebaseUid: 'fb-1' },
          },
        ]);
    });
    it('starts with no theme chosen', () => {
      expect(userDecider.evolve(userDecider.initialState(), registered)).toEqual({
        status: 'active',
        user: {
          ...registered.data,
          theme: null,
          lastWorkspaceId: null,
          passwordTemporary: false,
          twoFactor: { pendingSecret: null, secret: null, recoveryCodeHashes: [] },
        },
      });
    });
    it.each([
      '',
      '   ',
      'ana',
      'ana@',
      '@acme.com',
      'ana@acme',
      'ana acme@x.com',
      `${'a'.repeat(250)}@acme.com`,
    ])('rejects the e-mail %j', (email) => {
      user.given([]).when(register({ email })).thenThrows('INVALID_EMAIL', 'Email inválido');
    });
    it.each(['', '  '])('rejects a blank name (%j)', (name) => {
      user.given([]).when(register({ name })).thenThrows('USER_NAME_REQUIRED');
    });
    it('rejects a name over 120 characters', () => {
      user
        .given([])
        .when(register({ name: 'x'.repeat(121) }))
        .thenThrows('USER_NAME_TOO_LONG');
    });
    it.each([undefined, null, '', '  '])('requires a password hash for local users (%j)', (passwordHash) => {
      user.given([]).when(register({ passwordHash })).thenThrows('PASSWORD_REQUIRED');
    });
    it.each([undefined, null, ''])('requires a firebase uid for firebase users (%j)', (firebaseUid) => {
      user
        .given([])
        .when(register({ authProvider: 'firebase', firebaseUid }))
        .thenThrows('FIREBASE_UID_REQUIRED');
    });
    it('rejects an unknown provider', () => {
      user
        .given([])
        .when(register({ authProvider: 'google' as 'local' }))
        .thenThrows('AUTH_PROVIDER_INVALID');
    });
    it('rejects registering twice', () => {
      user.given([registered]).when(register({})).thenThrows('USER_EXISTS');
    });
  });

  describe('ChangePassword', () => {
    it('changes the hash', () => {
      user
        .given([registered])
        .when({ type: 'ChangePassword', data: { passwordHash: 'scrypt$new' } })
        .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new' } }]);
    });
    it('returns [] for the same hash', () => {
      user
        .given([
          registered,
          { type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'scrypt$new' } },
        ])
        .when({ type: 'ChangePassword', data: { passwordHash: 'scrypt$new' } })
        .then([]);
    });
    it('rejects an empty hash', () => {
      user
        .given([registered])
        .when({ type: 'ChangePassword', data: { passwordHash: ' ' } })
        .thenThrows('PASSWORD_REQUIRED');
    });
    it('rejects a missing user', () => {
      user
        .given([])
        .when({ type: 'ChangePassword', data: { passwordHash: 'x' } })
        .thenThrows('USER_NOT_FOUND', 'Usuário não encontrado');
    });
  });

  describe('ChangeTheme', () => {
    it('sets the theme, then returns [] for the same one', () => {
      user
        .given([registered])
        .when({ type: 'ChangeTheme', data: { theme: 'light' } })
        .then([{ type: 'UserThemeChanged', data: { userId: 'u1', theme: 'light' } }]);
      const dark: UserEvent = { type: 'UserThemeChanged', data: { userId: 'u1', theme: 'dark' } };
      user
        .given([registered, dark])
        .when({ type: 'ChangeTheme', data: { theme: 'dark' } })
        .then([]);
      user
        .given([registered, dark])
        .when({ type: 'ChangeTheme', data: { theme: 'light' } })
        .then([{ type: 'UserThemeChanged', data: { userId: 'u1', theme: 'light' } }]);
    });
    it('rejects an unknown theme', () => {
      user
        .given([registered])
        .when({ type: 'ChangeTheme', data: { theme: 'auto' as 'light' } })
        .thenThrows('THEME_INVALID');
    });
    it('rejects a missing user', () => {
      user
        .given([])
        .when({ type: 'ChangeTheme', data: { theme: 'dark' } })
        .thenThrows('USER_NOT_FOUND', 'Usuário não encontrado');
    });
  });

  describe('one-time passwords', () => {
    it('a new account with a one-time password must change it; its own change clears that', () => {
      const temporary: UserEvent = { ...registered, data: { ...registered.data, temporaryPassword: true } };
      user
        .given([])
        .when(register({ temporaryPassword: true }))
        .then([temporary]);
      const state = userDecider.evolve(userDecider.initialState(), temporary);
      expect(state.status === 'active' && state.user.passwordTemporary).toBe(true);
      user
        .given([temporary])
        .when({ type: 'ChangePassword', data: { passwordHash: 'h2' } })
        .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h2' } }]);
    });
    it('a reset by the team gives a temporary password again', () => {
      user
        .given([registered])
        .when({ type: 'ChangePassword', data: { passwordHash: 'h3', temporary: true } })
        .then([{ type: 'UserPasswordChanged', data: { userId: 'u1', passwordHash: 'h3', temporary: true } }]);
    });
    it('a Firebase account has no password to change', () => {
      user
        .given([
          {
            ...registered,
            data: { ...registered.data, authProvider: 'firebase', passwordHash: null, firebaseUid: 'f' },
          },
        ])
        .when({ type: 'ChangePassword', data: { passwordHash: 'h3' } })
        .thenThrows('PASSWORD_NOT_LOCAL');
    });
  });

  describe('SelectWorkspace', () => {
    it('remembers the workspace the account switched to, once', () => {
      const selected: UserEvent = {
        type: 'UserWorkspaceSelected',
        data: { userId: 'u1', workspaceId: 'w2' },
      };
      user
        .given([registered])
        .when({ type: 'SelectWorkspace', data: { workspaceId: 'w2' } })
        .then([selected]);
      user
        .given([registered, selected])
        .when({ type: 'SelectWorkspace', data: { workspaceId: 'w2' } })
        .then([]);
      user
        .given([registered, selected])
        .when({ type: 'SelectWorkspace', data: { workspaceId: 'w1' } })
        .then([{ type: 'UserWorkspaceSelected', data: { userId: 'u1', workspaceId: 'w1' } }]);
    });
    it('rejects a blank workspace and a deactivated account', () => {
      user
        .given([registered])
        .when({ type: 'SelectWorkspace', data: { workspaceId: ' ' } })
        .thenThrows('WORKSPACE_NOT_FOUND');
      user
        .given([registered, { type: 'UserDeactivated', data: { userId: 'u1', byUserId: 'u1' } }])
        .when({ type: 'SelectWorkspace', data: { workspaceId: 'w2' } })
        .thenThrows('USER_DEACTIVATED');
    });
  });
});

describe('user events match their schemas', () => {
  const registry = new EventRegistry(userEventDefinitions);
  const cases: [UserEvent[], UserCommand][] = [
    [[], register({ email: ' Ana@Acme.COM ' })],
    [[], register({ authProvider: 'firebase', firebaseUid: 'fb-1', passwordHash: null })],
    [[registered], { type: 'ChangePassword', data: { passwordHash: 'h2' } }],
    [[registered], { type: 'ChangeTheme', data: { theme: 'dark' } }],
    [[registered], { type: 'SelectWorkspace', data: { workspaceId: 'w2' } }],
  ];
  it.each(cases)('%#: emitted events pass the registry', (past, command) => {
    const events = userDecider.decide(command, past.reduce(userDecider.evolve, userDecider.initialState()));
    expect(events.length).toBeGreaterThan(0);
    for (const event of events)
      expect(registry.prepare(event, { workspaceId: 'w1' }).data).toEqual(event.data);
  });
  it('schema refuses a non-normalised e-mail and a local user without a hash', () => {
    const prepare = (data: object) => () =>
      registry.prepare({ type: 'UserRegistered', data }, { workspaceId: 'w1' });
    expect(prepare({ ...registered.data, email: 'Ana@acme.com' })).toThrow(/email/);
    expect(prepare({ ...registered.data, passwordHash: null })).toThrow(/passwordHash/);
    expect(prepare({ ...registered.data, authProvider: 'firebase' })).toThrow(/firebaseUid/);
  });
});
