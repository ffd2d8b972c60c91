import { apiRequest } from '../../api/client';
import type { IntegrationType } from './catalog';

/** A card as GET /api/integrations answers it; secret values arrive masked ('••••' + last 4). */
export interface IntegrationCard {
  type: IntegrationType;
  name: string;
  status: 'connected' | 'disconnected';
  configFields: string[];
  /** Label → value; secrets masked. */
  config: Record<string, string>;
  secretFields: string[];
  connectedAt: string | null;
  lastSync: string | null;
  /** Why a server of the channel cannot be reached now (the e-mail channel's SMTP and IMAP). */
  serverErrors?: string[];
  /** Messages processed through the channel, when the server counts them. */
  messageCount?: number | null;
}

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

/** POST /api/whatsapp/connect's answer (spec §7). */
export interface ConnectAnswer {
  success?: boolean;
  connected?: boolean;
  qrCode?: string | null;
  sessionId?: string;
  message?: string;
  error?: string;
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

export interface StatusAnswer {
  connected: boolean;
  sessionId: string;
  status?: string;
  qrCode?: string | null;
}

export function fetchWhatsAppStatus(sessionId: string, userId: string): Promise<StatusAnswer> {
  return apiRequest<StatusAnswer>(
    `/api/whatsapp/status/${encodeURIComponent(sessionId)}?userId=${encodeURIComponent(userId)}`,
  );
}

/** One of the user's WhatsApp sessions (GET /api/whatsapp/sessions/:userId). */
export interface WhatsAppSession {
  sessionId: string;
  status?: string;
  phoneNumber?: string;
  name?: string;
  connected?: boolean;
  updatedAt?: string;
}

export async function fetchWhatsAppSessions(userId: string): Promise<WhatsAppSession[]> {
  const body = await apiRequest<{ sessions?: WhatsAppSession[] }>(
    `/api/whatsapp/sessions/${encodeURIComponent(userId)}`,
  );
  return Array.isArray(body.sessions) ? body.sessions : [];
}
