import { useId, useState, type FormEvent } from 'react';
import { Camera } from 'lucide-react';
import { Dialog } from '../../ui/Dialog';
import { TEXTS } from './catalog';
import { ConfigField, configToSave, initialValues } from './ConfigureDialog';
import type { IntegrationCard } from './integrations-api';
import { FormAlert } from '../../ui/FormAlert';

const LABELS = ['Instagram Business ID', 'Access Token'] as const;

/**
 * The highlighted Instagram card's modal: Instagram Business ID and Access Token (a password field,
 * marked required but not enforced, spec §5). Conectar saves them as the Instagram Direct card.
 */
export function InstagramDialog({
  card,
  saving,
  error,
  onSave,
  onClose,
}: {
  card: IntegrationCard | undefined;
  saving: boolean;
  error: string | null;
  onSave: (config: Record<string, string>) => void;
  onClose: () => void;
}) {
  const formId = useId();
  const [initial] = useState(() => initialValues(LABELS, card));
  const [values, setValues] = useState(initial);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!saving) onSave(configToSave(values));
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={TEXTS.instagramTitle}
      description="Conecte o perfil comercial do Instagram para responder às mensagens diretas."
      icon={<Camera aria-hidden className="h-5 w-5" />}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={onClose}>
            {TEXTS.cancel}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={saving}>
            {saving ? TEXTS.saving : TEXTS.connect}
          </button>
        </>
      }
    >
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <FormAlert message={error} />
        {LABELS.map((label, index) => {
          const secret = label === 'Access Token';
          const value = values[label] ?? '';
          return (
            <ConfigField
              key={label}
              id={`${formId}-${index}`}
              label={label}
              value={value}
              secret={secret}
              required={secret}
              masked={secret && value !== '' && value === initial[label]}
              onChange={(next) => setValues((current) => ({ ...current, [label]: next }))}
            />
          );
        })}
      </form>
    </Dialog>
  );
}
