import { z } from 'zod';

export const workspaceThemes = ['light', 'dark', 'auto'] as const;
export type WorkspaceTheme = (typeof workspaceThemes)[number];
export const workspaceLanguages = ['pt-BR', 'en-US', 'es-ES'] as const;
export type WorkspaceLanguage = (typeof workspaceLanguages)[number];
export const workspaceTimezones = ['America/Sao_Paulo', 'America/New_York', 'Europe/London'] as const;
export type WorkspaceTimezone = (typeof workspaceTimezones)[number];

export const SESSION_TIMEOUT_MIN_MINUTES = 5;
export const SESSION_TIMEOUT_MAX_MINUTES = 1440;
export const PASSWORD_EXPIRY_MAX_DAYS = 3650;

const companySchema = z.strictObject({
  name: z.string().trim().max(120),
  email: z.string().trim().max(254),
  phone: z.string().trim().max(40),
  website: z.string().trim().max(500),
});
const appearanceSchema = z.strictObject({
  theme: z.enum(workspaceThemes),
  language: z.enum(workspaceLanguages),
  timezone: z.enum(workspaceTimezones),
});
const notificationsSchema = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  sound: z.boolean(),
  desktop: z.boolean(),
});
const securitySchema = z.strictObject({
  twoFactor: z.boolean(),
  /** Minutes of inactivity before the session ends. */
  sessionTimeout: z.number().int().min(SESSION_TIMEOUT_MIN_MINUTES).max(SESSION_TIMEOUT_MAX_MINUTES),
  /** Days before a password must be changed; 0 = never. */
  passwordExpiry: z.number().int().min(0).max(PASSWORD_EXPIRY_MAX_DAYS),
});

/** The Configurações screen (spec §3): what Exportar downloads and Importar replaces. Strings are trimmed. */
export const workspaceSettingsSchema = z.strictObject({
  company: companySchema,
  appearance: appearanceSchema,
  notifications: notificationsSchema,
  security: securitySchema,
});
export type WorkspaceSettings = z.infer<typeof workspaceSettingsSchema>;

/** A partial update: any section may be left out, and any field inside a section. Unknown keys are rejected. */
export const workspaceSettingsPatchSchema = z.strictObject({
  company: companySchema.partial().optional(),
  appearance: appearanceSchema.partial().optional(),
  notifications: notificationsSchema.partial().optional(),
  security: securitySchema.partial().optional(),
});
export type WorkspaceSettingsPatch = z.input<typeof workspaceSettingsPatchSchema>;

export const workspaceSettingsSections = ['company', 'appearance', 'notifications', 'security'] as const;
export type WorkspaceSettingsSection = (typeof workspaceSettingsSections)[number];

/** Spec §9 defaults; the company name is the workspace's. */
export function defaultWorkspaceSettings(companyName: string): WorkspaceSettings {
  return {
    company: { name: companyName.trim().slice(0, 120), email: '', phone: '', website: '' },
    appearance: { theme: 'auto', language: 'pt-BR', timezone: 'America/Sao_Paulo' },
    notifications: { email: true, push: true, sound: false, desktop: true },
    security: { twoFactor: false, sessionTimeout: 30, passwordExpiry: 90 },
  };
}

/**
 * Deep-merges a patch into settings, one level per section; fields the patch leaves out
 * (or sets to undefined) keep their current value. The result is not validated.
 */
export function mergeWorkspaceSettings(
  current: WorkspaceSettings,
  patch: WorkspaceSettingsPatch,
): WorkspaceSettings {
  const merged = {} as Record<WorkspaceSettingsSection, Record<string, unknown>>;
  for (const section of workspaceSettingsSections) {
    const next: Record<string, unknown> = { ...current[section] };
    for (const [key, value] of Object.entries(patch[section] ?? {})) {
      if (value !== undefined) next[key] = value;
    }
    merged[section] = next;
  }
  return merged as unknown as WorkspaceSettings;
}

/** Field-by-field equality of two settings objects. */
export function sameWorkspaceSettings(a: WorkspaceSettings, b: WorkspaceSettings): boolean {
  return workspaceSettingsSections.every((section) => {
    const x = a[section] as Record<string, unknown>;
    const y = b[section] as Record<string, unknown>;
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    return [...keys].every((key) => x[key] === y[key]);
  });
}
