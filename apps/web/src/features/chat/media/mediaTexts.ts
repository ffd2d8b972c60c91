/** Texts of files sent from a chat window (issue 29; the server answers the same limits in pt-BR). */
export const ATTACH_LABEL = 'Anexar arquivo';
export const DROP_HINT_TEXT = 'Solte o arquivo para enviar';
export const MEDIA_TOO_LARGE_TEXT = 'Arquivo maior que 16 MB';
export const MEDIA_TYPE_NOT_ALLOWED_TEXT =
  'Tipo de arquivo não permitido. Envie imagem, PDF, documento ou áudio.';
export const CAPTION_TOO_LONG_TEXT = 'Legenda maior que 4096 caracteres';
export const DISCARD_LABEL = 'Descartar';
export const DOCUMENT_FALLBACK_NAME = 'Documento';
export const uploadingText = (percent: number): string => `Enviando… ${percent}%`;
