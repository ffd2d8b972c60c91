import { LANGUAGES, THEMES, TIMEZONES, type FieldErrors, type SettingsForm } from './settings-model';
import { SelectField, SwitchField, TextField } from './fields';
import type { FieldChange } from './settingsSlice';
import { SETTINGS_TEXTS } from './texts';

export interface PanelProps {
  form: SettingsForm;
  disabled: boolean;
  onChange: (change: FieldChange) => void;
}

const t = SETTINGS_TEXTS;
const heading = 'mb-4 text-lg font-semibold text-slate-900 dark:text-white';

export function CompanyPanel({ form, disabled, onChange }: PanelProps) {
  const set = (field: keyof SettingsForm['company']) => (value: string) =>
    onChange({ section: 'company', field, value });
  return (
    <section aria-label={t.company.heading}>
      <h2 className={heading}>{t.company.heading}</h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.company.name}
          value={form.company.name}
          onChange={set('name')}
          disabled={disabled}
          maxLength={120}
          autoComplete="organization"
        />
        <TextField
          label={t.company.email}
          type="email"
          value={form.company.email}
          onChange={set('email')}
          disabled={disabled}
          maxLength={254}
          autoComplete="email"
        />
        <TextField
          label={t.company.phone}
          type="tel"
          value={form.company.phone}
          onChange={set('phone')}
          disabled={disabled}
          maxLength={40}
          autoComplete="tel"
        />
        <TextField
          label={t.company.website}
          type="url"
          value={form.company.website}
          onChange={set('website')}
          disabled={disabled}
          maxLength={500}
          autoComplete="url"
        />
      </div>
    </section>
  );
}

export function AppearancePanel({ form, disabled, onChange }: PanelProps) {
  return (
    <section aria-label={t.appearance.heading}>
      <h2 className={heading}>{t.appearance.heading}</h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          label={t.appearance.theme}
          value={form.appearance.theme}
          options={THEMES.map((value) => ({ value, label: t.appearance.themes[value] }))}
          onChange={(value) => onChange({ section: 'appearance', field: 'theme', value })}
          disabled={disabled}
        />
        <SelectField
          label={t.appearance.language}
          value={form.appearance.language}
          options={LANGUAGES.map((value) => ({ value, label: t.appearance.languages[value] }))}
          onChange={(value) => onChange({ section: 'appearance', field: 'language', value })}
          disabled={disabled}
        />
        <SelectField
          label={t.appearance.timezone}
          value={form.appearance.timezone}
          options={TIMEZONES.map((value) => ({ value, label: t.appearance.timezones[value] }))}
          onChange={(value) => onChange({ section: 'appearance', field: 'timezone', value })}
          disabled={disabled}
        />
      </div>
    </section>
  );
}

export function NotificationsPanel({ form, disabled, onChange }: PanelProps) {
  const items = [
    ['email', t.notifications.email, t.notifications.emailHint],
    ['push', t.notifications.push, t.notifications.pushHint],
    ['sound', t.notifications.sound, t.notifications.soundHint],
    ['desktop', t.notifications.desktop, t.notifications.desktopHint],
  ] as const;
  return (
    <section aria-label={t.notifications.heading}>
      <h2 className={heading}>{t.notifications.heading}</h2>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map(([field, label, hint]) => (
          <SwitchField
            key={field}
            label={label}
            hint={hint}
            checked={form.notifications[field]}
            onChange={(value) => onChange({ section: 'notifications', field, value })}
            disabled={disabled}
          />
        ))}
      </div>
    </section>
  );
}

export function SecurityFields({ form, disabled, onChange, errors }: PanelProps & { errors: FieldErrors }) {
  return (
    <section aria-label={t.security.heading}>
      <h2 className={heading}>{t.security.heading}</h2>
      <SwitchField
        label={t.security.twoFactor}
        hint={t.security.twoFactorHint}
        checked={form.security.twoFactor}
        onChange={(value) => onChange({ section: 'security', field: 'twoFactor', value })}
        disabled={disabled}
      />
      <div className="mt-2 grid gap-4 sm:grid-cols-2">
        <TextField
          label={t.security.sessionTimeout}
          value={form.security.sessionTimeout}
          inputMode="numeric"
          onChange={(value) => onChange({ section: 'security', field: 'sessionTimeout', value })}
          disabled={disabled}
          error={errors.sessionTimeout}
        />
        <TextField
          label={t.security.passwordExpiry}
          value={form.security.passwordExpiry}
          inputMode="numeric"
          hint={t.security.passwordExpiryHint}
          onChange={(value) => onChange({ section: 'security', field: 'passwordExpiry', value })}
          disabled={disabled}
          error={errors.passwordExpiry}
        />
      </div>
    </section>
  );
}
