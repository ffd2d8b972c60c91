import type { WorkspaceSettings } from '@atende/api-contract';
import { can } from '../../api/permissions';
import type { MemberRole } from '../../api/types';

/** Configurações (spec §2 Settings, §3 Settings fields, §5 validation, §9 defaults). */

/** The settings as the server keeps them: the contract's (the domain's schema). */
export type { WorkspaceSettings };
export type SettingsTheme = WorkspaceSettings['appearance']['theme'];
export type SettingsLanguage = WorkspaceSettings['appearance']['language'];
export type SettingsTimezone = WorkspaceSettings['appearance']['timezone'];

// The choices of the form's selects, in order (values here: the domain's lists would bring zod along).
export const THEMES = ['light', 'dark', 'auto'] as const satisfies readonly SettingsTheme[];
export const LANGUAGES = ['pt-BR', 'en-US', 'es-ES'] as const satisfies readonly SettingsLanguage[];
export const TIMEZONES = [
  'America/Sao_Paulo',
  'America/New_York',
  'Europe/London',
] as const satisfies readonly SettingsTimezone[];

/** Limits the server enforces (libs/events settings schema). */
export const SESSION_TIMEOUT_RANGE = { min: 5, max: 1440 } as const;
export const PASSWORD_EXPIRY_RANGE = { min: 0, max: 3650 } as const;
const TEXT_LIMITS = { name: 120, email: 254, phone: 40, website: 500 } as const;

/** Spec §9's defaults; the company name is the workspace's. */
export function defaultSettings(companyName = ''): WorkspaceSettings {
  return {
    company: { name: companyName, email: '', phone: '', website: '' },
    appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
    notifications: { email: true, push: true, sound: false, desktop: true },
    security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
  };
}

/** The form keeps the two numbers as typed; they become integers when saved (spec §5). */
export interface SettingsForm extends Omit<WorkspaceSettings, 'security'> {
  security: { twoFactor: boolean; sessionTimeout: string; passwordExpiry: string };
}

export function toForm(settings: WorkspaceSettings): SettingsForm {
  return {
    company: { ...settings.company },
    appearance: { ...settings.appearance },
    notifications: { ...settings.notifications },
    security: {
      twoFactor: settings.security.twoFactor,
      sessionTimeout: String(settings.security.sessionTimeout),
      passwordExpiry: String(settings.security.passwordExpiry),
    },
  };
}

/** A whole number written in digits (a JSON integer, or a text of digits); null for anything else. */
export function parseInteger(value: unknown): number | null {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : null;
  if (typeof value !== 'string' || !/^\s*-?\d{1,9}\s*$/.test(value)) return null;
  return Number.parseInt(value, 10);
}

export type NumberField = 'sessionTimeout' | 'passwordExpiry';
export type FieldErrors = Partial<Record<NumberField, string>>;

function rangeError(field: NumberField, value: number | null): string | undefined {
  const { min, max } = field === 'sessionTimeout' ? SESSION_TIMEOUT_RANGE : PASSWORD_EXPIRY_RANGE;
  const unit = field === 'sessionTimeout' ? 'minutos' : 'dias';
  if (value === null) return 'Informe um número inteiro';
  if (value < min || value > max) return `Use de ${min} a ${max} ${unit}`;
  return undefined;
}

/** The form as settings to save, or the fields to correct. */
export function fromForm(
  form: SettingsForm,
): { ok: true; settings: WorkspaceSettings } | { ok: false; errors: FieldErrors } {
  const sessionTimeout = parseInteger(form.security.sessionTimeout);
  const passwordExpiry = parseInteger(form.security.passwordExpiry);
  const errors: FieldErrors = {};
  const timeoutError = rangeError('sessionTimeout', sessionTimeout);
  const expiryError = rangeError('passwordExpiry', passwordExpiry);
  if (timeoutError) errors.sessionTimeout = timeoutError;
  if (expiryError) errors.passwordExpiry = expiryError;
  if (timeoutError || expiryError) return { ok: false, errors };
  return {
    ok: true,
    settings: {
      company: {
        name: form.company.name.trim(),
        email: form.company.email.trim(),
        phone: form.company.phone.trim(),
        website: form.company.website.trim(),
      },
      appearance: { ...form.appearance },
      notifications: { ...form.notifications },
      security: {
        twoFactor: form.security.twoFactor,
        sessionTimeout: sessionTimeout!,
        passwordExpiry: passwordExpiry!,
      },
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object has exactly these keys. */
function exactKeys(value: unknown, keys: readonly string[]): value is Record<string, unknown> {
  if (!isRecord(value)) return false;
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((k) => Object.hasOwn(value, k));
}

const oneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/**
 * Importar: the text of a .json file as settings, or null when it is not valid JSON of the settings
 * shape (spec §5). Session timeout and password expiry are parsed as integers (a number or a text of
 * digits) and must be in range; nothing else may be missing or added.
 */
export function parseSettingsFile(text: string): WorkspaceSettings | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (!exactKeys(data, ['company', 'appearance', 'notifications', 'security'])) return null;
  const { company, appearance, notifications, security } = data;
  if (!exactKeys(company, ['name', 'email', 'phone', 'website'])) return null;
  for (const [key, max] of Object.entries(TEXT_LIMITS)) {
    const value = company[key];
    if (typeof value !== 'string' || value.trim().length > max) return null;
  }
  if (!exactKeys(appearance, ['theme', 'language', 'timezone'])) return null;
  if (
    !oneOf(THEMES, appearance.theme) ||
    !oneOf(LANGUAGES, appearance.language) ||
    !oneOf(TIMEZONES, appearance.timezone)
  ) {
    return null;
  }
  if (!exactKeys(notifications, ['email', 'push', 'sound', 'desktop'])) return null;
  if (Object.values(notifications).some((v) => typeof v !== 'boolean')) return null;
  if (!exactKeys(security, ['twoFactor', 'sessionTimeout', 'passwordExpiry'])) return null;
  if (typeof security.twoFactor !== 'boolean') return null;
  const sessionTimeout = parseInteger(security.sessionTimeout);
  const passwordExpiry = parseInteger(security.passwordExpiry);
  if (rangeError('sessionTimeout', sessionTimeout) || rangeError('passwordExpiry', passwordExpiry))
    return null;
  return {
    company: {
      name: (company.name as string).trim(),
      email: (company.email as string).trim(),
      phone: (company.phone as string).trim(),
      website: (company.website as string).trim(),
    },
    appearance: { theme: appearance.theme, language: appearance.language, timezone: appearance.timezone },
    notifications: {
      email: notifications.email as boolean,
      push: notifications.push as boolean,
      sound: notifications.sound as boolean,
      desktop: notifications.desktop as boolean,
    },
    security: {
      twoFactor: security.twoFactor,
      sessionTimeout: sessionTimeout!,
      passwordExpiry: passwordExpiry!,
    },
  };
}

/** Roles that may change the settings: Salvar and Importar (the server's settings:manage). */
export const canManageSettings = (role: MemberRole | undefined): boolean => can(role, 'settings:manage');
/** Only the Owner may export and delete the workspace's data (the server's owners:manage). */
export const canDeleteWorkspaceData = (role: MemberRole | undefined): boolean => can(role, 'owners:manage');
