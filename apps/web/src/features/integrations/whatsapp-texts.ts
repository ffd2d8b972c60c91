/** Spec §4 and §8: the WhatsApp connection messages, word for word. */
export const WHATSAPP_TEXTS = {
  connected: 'WhatsApp conectado com sucesso.',
  scanQr: 'Escaneie o QR Code no WhatsApp do seu celular.',
  waitingQr: 'Aguardando geração do QR Code...',
  qrUnavailable: 'Não foi possível gerar o QR Code agora. Tente novamente.',
  connectError: 'Erro ao conectar. Verifique sua conexão e tente novamente.',
  defaultSupportName: 'Suporte',
} as const;

/** Spec §9: the QR is asked again at most 10 times, 2 s apart; the status is polled as often. */
export const QR_MAX_RETRIES = 10;
export const QR_RETRY_DELAY_MS = 2_000;
export const STATUS_POLL_MS = 2_000;
