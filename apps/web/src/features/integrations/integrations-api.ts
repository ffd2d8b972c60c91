import type {
  ConnectAnswer,
  IntegrationCard as ServerIntegrationCard,
  SessionStatusAnswer,
  SessionsAnswer,
  WhatsAppSession,
} from '@atende/api-contract';
import { apiRequest } from '../../api/client';
import type { IntegrationType } from './catalog';

// The answers' shapes are the contract shared with the gateway (types only: no zod in the bundle).
export type { ConnectAnswer, WhatsAppSession } from '@atende/api-contract';

/** A card as GET /api/integrations answers it (secret values masked, '••••' + last 4): the contract's. */
export type IntegrationCard = ServerIntegrationCard;

export interface CardAnswer {
  integration: IntegrationCard;
  message: string;
}

export async function fetchIntegrations(): Promise<IntegrationCard[]> {
  const body = await apiRequest<{ integrations: IntegrationCard[] }>('/api/integrations');
  return body.integrations;
}

/** 'Salvar Configuração': stores the fields (empty ones left out) and marks the card connected. */
export async function saveIntegration(
  type: IntegrationType,
  config: Record<string, string>,
): Promise<CardAnswer> {
  const body = await apiRequest<CardAnswer>(`/api/integrations/${encodeURIComponent(type)}`, {
    method: 'PUT',
    body: { config },
  });
  return { integration: body.integration, message: body.message };
}

export async function disconnectIntegration(type: IntegrationType): Promise<CardAnswer> {
  const body = await apiRequest<CardAnswer>(`/api/integrations/${encodeURIComponent(type)}`, {
    method: 'DELETE',
  });
  return { integration: body.integration, message: body.message };
}

export interface ConnectRequest {
  userId: string;
  /** Digits only. */
  phoneNumber: string;
  name: string;
}

export function connectWhatsApp(request: ConnectRequest): Promise<ConnectAnswer> {
  return apiRequest<ConnectAnswer>('/api/whatsapp/connect', { method: 'POST', body: request });
}

/** GET /api/whatsapp/status/:sessionId. */
export type StatusAnswer = SessionStatusAnswer;

export function fetchWhatsAppStatus(sessionId: string, userId: string): Promise<StatusAnswer> {
  return apiRequest<StatusAnswer>(
    `/api/whatsapp/status/${encodeURIComponent(sessionId)}?userId=${encodeURIComponent(userId)}`,
  );
}

export async function fetchWhatsAppSessions(userId: string): Promise<WhatsAppSession[]> {
  const body = await apiRequest<Partial<SessionsAnswer>>(
    `/api/whatsapp/sessions/${encodeURIComponent(userId)}`,
  );
  return Array.isArray(body.sessions) ? body.sessions : [];
}
