import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Settings2 } from 'lucide-react';
import { Dialog } from '../../ui/Dialog';
import { CopyButton } from './CopyButton';
import { FIELD_EXAMPLES, SECRET_FIELDS, TEXTS, integrationInfo, type IntegrationType } from './catalog';
import type { IntegrationCard } from './integrations-api';
import { FormAlert } from '../../ui/FormAlert';

/** The values to send: trimmed, empty ones left out (the server forgets a field that is not sent). */
export function configToSave(values: Record<string, string>): Record<string, string> {
  const config: Record<string, string> = {};
  for (const [label, value] of Object.entries(values)) {
    const trimmed = value.trim();
    if (trimmed) config[label] = trimmed;
  }
  return config;
}

export const isSecretField = (card: IntegrationCard | undefined, label: string): boolean =>
  card ? card.secretFields.includes(label) : SECRET_FIELDS.includes(label);

/** One labelled field: secrets are password fields showing only the masked value the server sent. */
export function ConfigField({
  id,
  label,
  value,
  secret,
  masked,
  required,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  secret: boolean;
  /** The server's masked value is still in the field (it is kept when saved unchanged). */
  masked: boolean;
  required?: boolean;
  onChange: (value: string) => void;
}) {
  const example = FIELD_EXAMPLES[label] ?? '';
  const hintId = `${id}-hint`;
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-red-500">
            *
          </span>
        ) : null}
      </label>
      <div className="flex items-center gap-2">
        <input
          id={id}
          type={secret ? 'password' : 'text'}
          className="input"
          value={value}
          placeholder={example}
          autoComplete={secret ? 'new-password' : 'off'}
          spellCheck={false}
          maxLength={2000}
          aria-required={required ? 'true' : undefined}
          aria-describedby={masked ? hintId : undefined}
          // A masked secret is replaced as a whole: focusing selects it.
          onFocus={(event) => {
            if (masked) event.currentTarget.select();
          }}
          onChange={(event) => onChange(event.target.value)}
        />
        {example ? <CopyButton label={label} value={example} /> : null}
      </div>
      {masked ? (
        <p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
          {TEXTS.secretKept}
        </p>
      ) : null}
    </div>
  );
}

/** The form's starting values: what the server has (secrets masked), empty otherwise. */
export const initialValues = (labels: readonly string[], card: IntegrationCard | undefined) =>
  Object.fromEntries(labels.map((label) => [label, card?.config[label] ?? '']));

interface ConfigFormProps {
  card: IntegrationCard | undefined;
  saving: boolean;
  error: string | null;
  onSave: (config: Record<string, string>) => void;
  onClose: () => void;
}

/**
 * A dialog with one ConfigField per label, starting from what the server has; submitting sends
 * the trimmed non-empty values. `required`: secrets are marked required (not enforced).
 */
export function ConfigFormDialog({
  title,
  description,
  icon,
  submitLabel,
  labels,
  isSecret,
  required = false,
  card,
  saving,
  error,
  onSave,
  onClose,
}: ConfigFormProps & {
  title: string;
  description: string;
  icon: ReactNode;
  submitLabel: string;
  labels: readonly string[];
  isSecret: (label: string) => boolean;
  required?: boolean;
}) {
  const formId = useId();
  const [initial] = useState(() => initialValues(labels, card));
  const [values, setValues] = useState(initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSave(configToSave(values));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={description}
      icon={icon}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {TEXTS.cancel}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={saving}>
            {saving ? TEXTS.saving : submitLabel}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        {labels.map((label, index) => {
          const secret = isSecret(label);
          const value = values[label] ?? '';
          return (
            <ConfigField
              key={label}
              id={`${formId}-${index}`}
              label={label}
              value={value}
              secret={secret}
              {...(required && secret ? { required: true } : {})}
              masked={secret && value !== '' && value === initial[label]}
              onChange={(next) => setValues((current) => ({ ...current, [label]: next }))}
            />
          );
        })}
      </form>
    </Dialog>
  );
}

/** 'Configurar {name}': one field per config field, copy buttons, 'Salvar Configuração'. */
export function ConfigureDialog({ type, ...props }: ConfigFormProps & { type: IntegrationType }) {
  const info = integrationInfo(type);
  const name = props.card?.name ?? info.name;
  const labels = props.card?.configFields.length ? props.card.configFields : info.configFields;
  return (
    <ConfigFormDialog
      {...props}
      title={TEXTS.configure(name)}
      description={info.description}
      icon={<Settings2 aria-hidden className="h-5 w-5" />}
      submitLabel={TEXTS.save}
      labels={labels}
      isSecret={(label) => isSecretField(props.card, label)}
    />
  );
}
