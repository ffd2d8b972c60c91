/** Channel integration cards of the Integrações screen (spec §2, §3). */
export const integrationTypes = [
  'whatsapp',
  'telegram',
  'messenger',
  'instagram',
  'email',
  'website',
] as const;
export type IntegrationType = (typeof integrationTypes)[number];

/** The labels of each card's 'Configurar {name}' form, in display order. */
export const integrationConfigFields = {
  whatsapp: ['Phone Number', 'API Token', 'Webhook URL'],
  telegram: ['Bot Token', 'Chat ID', 'Webhook URL'],
  messenger: ['Page ID', 'Access Token', 'App Secret'],
  instagram: ['Instagram Business ID', 'Access Token'],
  email: ['SMTP Server', 'Email', 'Password', 'IMAP Server', 'TLS'],
  website: ['Website URL', 'Widget Code'],
} as const satisfies Record<IntegrationType, readonly string[]>;

export type IntegrationConfigField<T extends IntegrationType = IntegrationType> =
  (typeof integrationConfigFields)[T][number];

export const integrationDisplayNames = {
  whatsapp: 'WhatsApp Business',
  telegram: 'Telegram Bot',
  messenger: 'Facebook Messenger',
  instagram: 'Instagram Direct',
  email: 'Email',
  website: 'Website Chat',
} as const satisfies Record<IntegrationType, string>;

/** Config field labels whose values are secrets (never shown back in full). */
export const secretIntegrationFields = [
  'API Token',
  'Bot Token',
  'Access Token',
  'App Secret',
  'Password',
] as const;
export type SecretIntegrationField = (typeof secretIntegrationFields)[number];

/** Longest accepted config value. */
export const INTEGRATION_FIELD_MAX_LENGTH = 2000;

export function isIntegrationType(value: unknown): value is IntegrationType {
  return typeof value === 'string' && (integrationTypes as readonly string[]).includes(value);
}

export function isIntegrationConfigField(type: IntegrationType, label: string): boolean {
  return (integrationConfigFields[type] as readonly string[]).includes(label);
}

export function isSecretIntegrationField(label: string): boolean {
  return (secretIntegrationFields as readonly string[]).includes(label);
}
