import type { OutboundChannelMedia, OutboundChannelMessage } from '@atende/events';
import type { ClientLike, MediaLike, MediaSendOptions } from './client-like.js';

/** The file as whatsapp-web.js's MessageMedia takes it (base64 bytes). */
export function mediaLikeOf(media: OutboundChannelMedia): MediaLike {
  return { mimetype: media.mimeType, data: media.bytes.toString('base64'), filename: media.fileName };
}

/**
 * How WhatsApp shows it: images and videos inline with their caption, audio as a voice note, the
 * rest (PDF, office files) as a document carrying its name.
 */
export function mediaSendOptions(message: OutboundChannelMessage): MediaSendOptions {
  const caption = message.content.trim() ? { caption: message.content } : {};
  if (message.type === 'audio') return { sendAudioAsVoice: true };
  if (message.type === 'document') return { ...caption, sendMediaAsDocument: true };
  return caption;
}

/** whatsapp-web.js message types a sent message of each kind may come back as. */
export const WWEBJS_TYPES_OF_KIND: Readonly<Record<string, readonly string[]>> = {
  text: ['chat'],
  image: ['image'],
  video: ['video'],
  audio: ['ptt', 'audio'],
  document: ['document'],
};

/** Hands a message to WhatsApp Web: a text, or a file with its caption. */
export function sendThrough(client: ClientLike, message: OutboundChannelMessage) {
  return message.media
    ? client.sendMedia(message.chatId, mediaLikeOf(message.media), mediaSendOptions(message))
    : client.sendMessage(message.chatId, message.content);
}
