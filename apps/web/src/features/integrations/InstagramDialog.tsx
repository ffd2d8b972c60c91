import { Camera } from 'lucide-react';
import { TEXTS } from './catalog';
import { ConfigFormDialog } from './ConfigureDialog';
import type { IntegrationCard } from './integrations-api';

const LABELS = ['Instagram Business ID', 'Access Token'] as const;

/**
 * The highlighted Instagram card's modal: Instagram Business ID and Access Token (a password field,
 * marked required but not enforced, spec §5). Conectar saves them as the Instagram Direct card.
 */
export function InstagramDialog(props: {
  card: IntegrationCard | undefined;
  saving: boolean;
  error: string | null;
  onSave: (config: Record<string, string>) => void;
  onClose: () => void;
}) {
  return (
    <ConfigFormDialog
      {...props}
      title={TEXTS.instagramTitle}
      description="Conecte o perfil comercial do Instagram para responder às mensagens diretas."
      icon={<Camera aria-hidden className="h-5 w-5" />}
      submitLabel={TEXTS.connect}
      labels={LABELS}
      isSecret={(label) => label === 'Access Token'}
      required
    />
  );
}
