import { z } from 'zod';
import { ok } from './answer.js';
import { integrationTypes } from '@atende/events/integrations';

/** The six channel cards of the Integrações screen, in the spec's order (§2, §3). */
export const integrationTypeSchema = z.enum(integrationTypes);
export type IntegrationType = z.infer<typeof integrationTypeSchema>;

/** A card as GET /api/integrations (and saving or disconnecting one) answers it. */
export const integrationCardSchema = z.object({
  type: integrationTypeSchema,
  name: z.string(),
  status: z.enum(['connected', 'disconnected']),
  /** The labels of the 'Configurar {name}' form, in order. */
  configFields: z.array(z.string()),
  /** Label → value; secret values masked ('••••' + last 4 characters). */
  config: z.record(z.string(), z.string()),
  /** Labels whose values are secrets (masked in `config`). */
  secretFields: z.array(z.string()),
  connectedAt: z.string().nullable(),
  /** Last change (configured or disconnected), null when never configured. */
  lastSync: z.string().nullable(),
  /** Why a server of the channel cannot be reached now (pt-BR), as the channel worker last found it. */
  serverErrors: z.array(z.string()),
  /**
   * Messages processed through the channel, when the server counts them (the gateway does not yet):
   * the card shows 'N mensagens processadas' only when one is given.
   */
  messageCount: z.number().int().min(0).nullable().optional(),
});
export type IntegrationCard = z.infer<typeof integrationCardSchema>;

/** GET /api/integrations: the six cards, in the spec's order. */
export const integrationsAnswerSchema = ok({ integrations: z.array(integrationCardSchema) });
export type IntegrationsAnswer = z.infer<typeof integrationsAnswerSchema>;

/** PUT and DELETE /api/integrations/:type: the card after the change, with the server's text. */
export const integrationAnswerSchema = ok({ integration: integrationCardSchema, message: z.string() });
export type IntegrationAnswer = z.infer<typeof integrationAnswerSchema>;
