import { integrationTypes, type IntegrationType } from '@atende/events/integrations';
import { Camera, Globe, Mail, MessageCircle, MessagesSquare, Send, type LucideIcon } from 'lucide-react';

/** The six channel cards of the Integrações screen, in the spec's order (§2, §3): the domain's list. */
export const INTEGRATION_TYPES = integrationTypes;
export type { IntegrationType };

/** What a card shows: the server's state, or the client's while a call is in flight or failed (spec §4). */
export type CardStatus = 'connected' | 'disconnected' | 'error' | 'pending';

export const STATUS_LABELS: Record<CardStatus, string> = {
  connected: 'Conectado',
  disconnected: 'Desconectado',
  error: 'Erro',
  pending: 'Conectando...',
};

export interface IntegrationInfo {
  type: IntegrationType;
  name: string;
  description: string;
  icon: LucideIcon;
  /** The labels of the 'Configurar {name}' form, in order (spec §3). */
  configFields: readonly string[];
  /** False shows an 'Em breve' tag in 'Adicionar Nova Integração' (all six are available). */
  available: boolean;
}

export const INTEGRATIONS: readonly IntegrationInfo[] = [
  {
    type: 'whatsapp',
    name: 'WhatsApp Business',
    description: 'Atenda seus clientes pelo número do WhatsApp Business da empresa.',
    icon: MessageCircle,
    configFields: ['Phone Number', 'API Token', 'Webhook URL'],
    available: true,
  },
  {
    type: 'telegram',
    name: 'Telegram Bot',
    description: 'Receba e responda as mensagens enviadas ao bot da sua empresa no Telegram.',
    icon: Send,
    configFields: ['Bot Token', 'Chat ID', 'Webhook URL'],
    available: true,
  },
  {
    type: 'messenger',
    name: 'Facebook Messenger',
    description: 'Centralize as conversas da página da sua empresa no Facebook.',
    icon: MessagesSquare,
    configFields: ['Page ID', 'Access Token', 'App Secret'],
    available: true,
  },
  {
    type: 'instagram',
    name: 'Instagram Direct',
    description: 'Responda às mensagens diretas do perfil comercial no Instagram.',
    icon: Camera,
    configFields: ['Instagram Business ID', 'Access Token'],
    available: true,
  },
  {
    type: 'email',
    name: 'Email',
    description: 'Traga os emails de atendimento para a mesma caixa de entrada.',
    icon: Mail,
    configFields: ['SMTP Server', 'Email', 'Password', 'IMAP Server', 'TLS'],
    available: true,
  },
  {
    type: 'website',
    name: 'Website Chat',
    description: 'Adicione um chat ao vivo ao site da sua empresa.',
    icon: Globe,
    configFields: ['Website URL', 'Widget Code'],
    available: true,
  },
];

export const integrationInfo = (type: IntegrationType): IntegrationInfo =>
  INTEGRATIONS.find((info) => info.type === type) ?? INTEGRATIONS[0]!;

/** Labels whose values are secrets: password fields, and the server only ever sends them masked. */
export const SECRET_FIELDS: readonly string[] = [
  'API Token',
  'Bot Token',
  'Access Token',
  'App Secret',
  'Password',
];

/** The example each field shows as placeholder; its copy button copies it (spec §2). */
export const FIELD_EXAMPLES: Readonly<Record<string, string>> = {
  'Phone Number': '5511999999999',
  'API Token': 'EAAGm0PX4ZCpsBAexemplo',
  'Webhook URL': 'https://seudominio.com.br/webhook',
  'Bot Token': '123456789:AAHexemploDeTokenDoBot',
  'Chat ID': '-1001234567890',
  'Page ID': '104857600000000',
  'Access Token': 'EAAB0exemploDeAccessToken',
  'App Secret': 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
  'Instagram Business ID': '17841400000000000',
  'SMTP Server': 'smtp.seudominio.com.br',
  Email: 'atendimento@seudominio.com.br',
  Password: 'senha-de-app-do-email',
  'IMAP Server': 'imap.seudominio.com.br',
  // auto: STARTTLS when the server offers it; on: required; off: never.
  TLS: 'auto',
  'Website URL': 'https://www.seudominio.com.br',
  'Widget Code': '<script src="https://seudominio.com.br/atende-widget.js" async></script>',
};

/** How long the copy tick stays (spec §9). */
export const COPY_CONFIRMATION_MS = 2_000;

export const TEXTS = {
  title: 'Integrações',
  subtitle: 'Conecte os canais de atendimento da sua empresa',
  addIntegration: 'Adicionar Integração',
  addNewIntegration: 'Adicionar Nova Integração',
  comingSoon: 'Em breve',
  available: 'Disponível',
  connect: 'Conectar',
  manageConnection: 'Gerenciar Conexão',
  disconnect: 'Desconectar',
  disconnecting: 'Desconectando...',
  disconnectConfirm: 'Tem certeza que deseja desconectar esta integração?',
  cancel: 'Cancelar',
  close: 'Fechar',
  save: 'Salvar Configuração',
  saving: 'Salvando...',
  configure: (name: string) => `Configurar ${name}`,
  lastSync: 'Última sincronização',
  processed: (count: number) =>
    `${count.toLocaleString('pt-BR')} ${count === 1 ? 'mensagem processada' : 'mensagens processadas'}`,
  loading: 'Carregando integrações...',
  retry: 'Tentar novamente',
  forbidden: 'Você não tem permissão para gerenciar integrações.',
  channels: 'Canais',
  whatsappConnectTitle: 'Conectar WhatsApp',
  supportName: 'Nome do Suporte',
  whatsappNumber: 'Número do WhatsApp',
  whatsappNumberHint: 'Formato internacional, só números: país, DDD e número. Ex.: 5511999999999',
  generateQr: 'Gerar QR Code',
  generating: 'Gerando...',
  qrAlt: 'QR Code do WhatsApp',
  instagramTitle: 'Conectar Instagram',
  copied: 'Copiado',
  copyExample: (label: string) => `Copiar exemplo de ${label}`,
  secretKept: 'Valor salvo oculto. Digite um novo valor para substituí-lo.',
} as const;

// The WhatsApp connection's texts and timings: in a module of their own (the connection's state and
// saga are in the first load; the cards' catalogue comes with the screen).
export { QR_MAX_RETRIES, QR_RETRY_DELAY_MS, STATUS_POLL_MS, WHATSAPP_TEXTS } from './whatsapp-texts';
