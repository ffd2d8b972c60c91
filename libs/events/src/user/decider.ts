import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { UserCommand } from './commands.js';
import { DEACTIVATE_ACCOUNT_CONFIRMATION } from './deactivation.js';
import { requireEmailAddress } from './email-address.js';
import type { UserAuthProvider, UserEvent, UserTheme } from './events.js';
import { USER_NAME_MAX_LENGTH, userAuthProviders, userThemes } from './events.js';
import { totpMatches } from './totp.js';

export interface UserFields {
  userId: string;
  email: string;
  name: string;
  authProvider: UserAuthProvider;
  passwordHash: string | null;
  firebaseUid: string | null;
  /** null until the user picks one with the theme toggle. */
  theme: UserTheme | null;
  /** The workspace the account last switched to; null until it switches. */
  lastWorkspaceId: string | null;
  /** The password is a one-time one (a new account, a reset): it must be changed at sign-in. */
  passwordTemporary: boolean;
  /** Two-factor sign-in (TOTP): the enrolment under way, and the one in force with its unused codes. */
  twoFactor: { pendingSecret: string | null; secret: string | null; recoveryCodeHashes: string[] };
}

/** `deactivated` keeps who it was; nothing changes it any more. */
export type UserState =
  { status: 'none' } | { status: 'active'; user: UserFields } | { status: 'deactivated'; user: UserFields };

export const USER_NOT_FOUND_MESSAGE = 'Usuário não encontrado';

export const USER_DEACTIVATED_MESSAGE = 'Esta conta foi desativada';
export const DEACTIVATE_CONFIRMATION_MISMATCH_MESSAGE = `Digite ${DEACTIVATE_ACCOUNT_CONFIRMATION} para confirmar a desativação`;

function requireActive(state: UserState): UserFields {
  if (state.status === 'deactivated') throw new DomainError('USER_DEACTIVATED', USER_DEACTIVATED_MESSAGE);
  if (state.status !== 'active') throw new DomainError('USER_NOT_FOUND', USER_NOT_FOUND_MESSAGE);
  return state.user;
}

function requireUserName(name: unknown): string {
  const trimmed = typeof name === 'string' ? name.trim() : '';
  if (!trimmed) throw new DomainError('USER_NAME_REQUIRED', 'Nome é obrigatório');
  if (trimmed.length > USER_NAME_MAX_LENGTH) {
    throw new DomainError('USER_NAME_TOO_LONG', `Nome deve ter no máximo ${USER_NAME_MAX_LENGTH} caracteres`);
  }
  return trimmed;
}

function nonBlank(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function requirePasswordHash(value: unknown): string {
  if (!nonBlank(value)) throw new DomainError('PASSWORD_REQUIRED', 'Senha é obrigatória');
  return value;
}

function twoFactorAlreadyOn(): DomainError {
  return new DomainError('TWO_FACTOR_ALREADY_ON', 'A verificação em duas etapas já está ativa');
}

function totpInvalid(): DomainError {
  return new DomainError('TOTP_INVALID', 'Código de verificação inválido');
}

function requireInstant(value: string): Date {
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) throw new DomainError('INVALID_TIMESTAMP', 'Data inválida');
  return at;
}

/**
 * The second factor of an account with 2FA on: the app's code at the instant, or one of its unused
 * recovery codes (then used up: the event says so).
 */
function proveSecondFactor(
  user: UserFields,
  proof: { code: string; at: string; recoveryCodeHash?: string },
): UserEvent[] {
  const { secret, recoveryCodeHashes } = user.twoFactor;
  if (proof.recoveryCodeHash !== undefined) {
    if (!recoveryCodeHashes.includes(proof.recoveryCodeHash)) throw totpInvalid();
    return [
      { type: 'UserRecoveryCodeUsed', data: { userId: user.userId, codeHash: proof.recoveryCodeHash } },
    ];
  }
  if (secret === null || !totpMatches(secret, proof.code, requireInstant(proof.at))) throw totpInvalid();
  return [];
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser': {
      if (state.status !== 'none') throw new DomainError('USER_EXISTS', 'Usuário já cadastrado');
      const { userId, authProvider } = command.data;
      const email = requireEmailAddress(command.data.email);
      const name = requireUserName(command.data.name);
      if (!(userAuthProviders as readonly string[]).includes(authProvider)) {
        throw new DomainError('AUTH_PROVIDER_INVALID', 'Provedor de autenticação inválido');
      }
      let passwordHash: string | null = null;
      let firebaseUid: string | null = null;
      if (authProvider === 'local') {
        passwordHash = requirePasswordHash(command.data.passwordHash);
      } else {
        if (!nonBlank(command.data.firebaseUid)) {
          throw new DomainError('FIREBASE_UID_REQUIRED', 'Identificador do Firebase é obrigatório');
        }
        firebaseUid = command.data.firebaseUid.trim();
      }
      const temporary = authProvider === 'local' && command.data.temporaryPassword === true;
      return [
        {
          type: 'UserRegistered',
          data: {
            userId,
            email,
            name,
            authProvider,
            passwordHash,
            firebaseUid,
            ...(temporary ? { temporaryPassword: true } : {}),
          },
        },
      ];
    }
    case 'ChangePassword': {
      const user = requireActive(state);
      if (user.authProvider !== 'local') {
        throw new DomainError(
          'PASSWORD_NOT_LOCAL',
          'Esta conta entra pelo Google/Firebase: não tem senha aqui',
        );
      }
      const passwordHash = requirePasswordHash(command.data.passwordHash);
      const temporary = command.data.temporary === true;
      return passwordHash === user.passwordHash && temporary === user.passwordTemporary
        ? []
        : [
            {
              type: 'UserPasswordChanged',
              data: { userId: user.userId, passwordHash, ...(temporary ? { temporary: true } : {}) },
            },
          ];
    }
    case 'ChangeTheme': {
      const user = requireActive(state);
      const { theme } = command.data;
      if (!(userThemes as readonly string[]).includes(theme))
        throw new DomainError('THEME_INVALID', 'Tema inválido');
      return theme === user.theme ? [] : [{ type: 'UserThemeChanged', data: { userId: user.userId, theme } }];
    }
    case 'StartTwoFactorSetup': {
      const user = requireActive(state);
      if (user.twoFactor.secret !== null) throw twoFactorAlreadyOn();
      return [
        { type: 'UserTwoFactorSetupStarted', data: { userId: user.userId, secret: command.data.secret } },
      ];
    }
    case 'EnableTwoFactor': {
      const user = requireActive(state);
      if (user.twoFactor.secret !== null) throw twoFactorAlreadyOn();
      const pending = user.twoFactor.pendingSecret;
      if (pending === null)
        throw new DomainError(
          'TWO_FACTOR_NOT_STARTED',
          'Comece pela configuração do aplicativo autenticador',
        );
      if (!totpMatches(pending, command.data.code, requireInstant(command.data.at))) throw totpInvalid();
      return [
        {
          type: 'UserTwoFactorEnabled',
          data: { userId: user.userId, secret: pending, recoveryCodeHashes: command.data.recoveryCodeHashes },
        },
      ];
    }
    case 'DisableTwoFactor': {
      const user = requireActive(state);
      if (user.twoFactor.secret === null)
        throw new DomainError('TWO_FACTOR_OFF', 'A verificação em duas etapas não está ativa');
      return [
        ...proveSecondFactor(user, command.data),
        { type: 'UserTwoFactorDisabled', data: { userId: user.userId } },
      ];
    }
    case 'ProveSecondFactor': {
      const user = requireActive(state);
      if (user.twoFactor.secret === null) return [];
      return proveSecondFactor(user, command.data);
    }
    case 'SelectWorkspace': {
      const user = requireActive(state);
      const workspaceId = command.data.workspaceId.trim();
      if (!workspaceId) throw new DomainError('WORKSPACE_NOT_FOUND', 'Empresa não encontrada');
      return workspaceId === user.lastWorkspaceId
        ? []
        : [{ type: 'UserWorkspaceSelected', data: { userId: user.userId, workspaceId } }];
    }
    case 'DeactivateUser': {
      const user = requireActive(state);
      if (command.data.confirmation.trim() !== DEACTIVATE_ACCOUNT_CONFIRMATION) {
        throw new DomainError('DEACTIVATE_CONFIRMATION_MISMATCH', DEACTIVATE_CONFIRMATION_MISMATCH_MESSAGE);
      }
      return [{ type: 'UserDeactivated', data: { userId: user.userId, byUserId: command.data.byUserId } }];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'active',
        user: {
          userId: event.data.userId,
          email: event.data.email,
          name: event.data.name,
          authProvider: event.data.authProvider,
          passwordHash: event.data.passwordHash,
          firebaseUid: event.data.firebaseUid,
          theme: null,
          lastWorkspaceId: null,
          passwordTemporary: event.data.temporaryPassword === true,
          twoFactor: { pendingSecret: null, secret: null, recoveryCodeHashes: [] },
        },
      };
    case 'UserPasswordChanged':
      return state.status === 'active'
        ? {
            status: 'active',
            user: {
              ...state.user,
              passwordHash: event.data.passwordHash,
              passwordTemporary: event.data.temporary === true,
            },
          }
        : state;
    case 'UserThemeChanged':
      return state.status === 'active'
        ? { status: 'active', user: { ...state.user, theme: event.data.theme } }
        : state;
    case 'UserWorkspaceSelected':
      return state.status === 'active'
        ? { status: 'active', user: { ...state.user, lastWorkspaceId: event.data.workspaceId } }
        : state;
    case 'UserTwoFactorSetupStarted':
      return withTwoFactor(state, (f) => ({ ...f, pendingSecret: event.data.secret }));
    case 'UserTwoFactorEnabled':
      return withTwoFactor(state, () => ({
        pendingSecret: null,
        secret: event.data.secret,
        recoveryCodeHashes: [...event.data.recoveryCodeHashes],
      }));
    case 'UserTwoFactorDisabled':
      return withTwoFactor(state, () => ({ pendingSecret: null, secret: null, recoveryCodeHashes: [] }));
    case 'UserRecoveryCodeUsed':
      return withTwoFactor(state, (f) => ({
        ...f,
        recoveryCodeHashes: f.recoveryCodeHashes.filter((h) => h !== event.data.codeHash),
      }));
    case 'UserDeactivated':
      return state.status === 'none' ? state : { status: 'deactivated', user: state.user };
    default:
      return assertNever(event);
  }
}

function withTwoFactor(
  state: UserState,
  change: (current: UserFields['twoFactor']) => UserFields['twoFactor'],
): UserState {
  return state.status === 'active'
    ? { status: 'active', user: { ...state.user, twoFactor: change(state.user.twoFactor) } }
    : state;
}

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
