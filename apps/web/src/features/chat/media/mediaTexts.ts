import { MEDIA_TOO_LARGE_MESSAGE, MEDIA_TYPE_NOT_ALLOWED_MESSAGE } from '@atende/events/outbound-media';

/** Texts of files sent from a chat window (issue 29); the refusals are the server's own texts. */
export const ATTACH_LABEL = 'Anexar arquivo';
export const DROP_HINT_TEXT = 'Solte o arquivo para enviar';
export const MEDIA_TOO_LARGE_TEXT = MEDIA_TOO_LARGE_MESSAGE;
export const MEDIA_TYPE_NOT_ALLOWED_TEXT = MEDIA_TYPE_NOT_ALLOWED_MESSAGE;
export const CAPTION_TOO_LONG_TEXT = 'Legenda maior que 4096 caracteres';
export const DISCARD_LABEL = 'Descartar';
export const DOCUMENT_FALLBACK_NAME = 'Documento';
export const uploadingText = (percent: number): string => `Enviando… ${percent}%`;
