import { createHash } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import { z } from 'zod';
import { sendAnswerSchema } from '@atende/api-contract';
import {
  MEDIA_MISSING_MESSAGE,
  MEDIA_TOO_LARGE_MESSAGE,
  MEDIA_TYPE_NOT_ALLOWED_MESSAGE,
  OUTBOUND_CONTENT_MAX,
  OUTBOUND_MEDIA_MAX_BYTES,
  mediaUrlOf,
  newId,
  outboundMediaKind,
  safeFileName,
  streams,
} from '@atende/events';
import { extensionFor, safeSegment } from '@atende/channel-worker';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { receiveUpload, type UploadedFile } from '../../http/upload.js';
import {
  chatIdSchema,
  requireSelf,
  requireVisibleConversation,
  userIdField,
} from '../conversations/conversation-access.js';
import { outboundAnswer, requestOutbound, streamHasOutbound } from './request-outbound.js';

export const MEDIA_STORE_UNAVAILABLE_MESSAGE = 'Envio de arquivos indisponível neste servidor';

/** The text parts of the form (the file is the `file` part). */
const sendMediaFields = z.strictObject({
  userId: userIdField.optional(),
  conversationId: chatIdSchema,
  caption: z.string().max(OUTBOUND_CONTENT_MAX).optional(),
  clientMessageId: z.uuid().optional(),
  timestamp: z.string().max(100).optional(),
});

const tooLarge = () => new HttpError(413, 'MEDIA_TOO_LARGE', MEDIA_TOO_LARGE_MESSAGE);

/** The type the bytes are (their signature, never the name or the browser's word), if one may be sent. */
async function detectAllowedType(file: UploadedFile): Promise<string> {
  const detected = (await fileTypeFromBuffer(file.bytes))?.mime;
  if (!detected || !outboundMediaKind(detected)) {
    throw new HttpError(415, 'MEDIA_TYPE_NOT_ALLOWED', MEDIA_TYPE_NOT_ALLOWED_MESSAGE);
  }
  return detected;
}

/**
 * Where an agent's file is kept: in its session's folder (deleted with the workspace), named by the
 * conversation and message id (a retry writes the same file; the same id sent to another
 * conversation, refused as a conflict, never touches this one's).
 */
function outboundMediaId(
  sessionId: string,
  streamId: string,
  messageId: string,
  mimeType: string,
  fileName: string,
): string {
  const name = createHash('sha256').update(`outbound:${streamId}:${messageId}`).digest('hex');
  return `${safeSegment(sessionId)}/out-${name}.${extensionFor(mimeType, fileName)}`;
}

/**
 * An agent sends a file (image, video, audio, document): checked (16 MB, an allow-list by content),
 * kept in the media store sealed with the customer's key, then requested as a message the channel
 * worker sends like a text. A refusal at any step leaves nothing stored.
 */
export function sendMediaRoute(deps: GatewayDeps): RouteDefinition {
  return defineRoute({
    method: 'post',
    path: '/api/whatsapp/send-media',
    summary:
      'Send a file to the customer (multipart: file, conversationId, caption?, clientMessageId?); 413 over 16 MB, 415 for a refused type',
    tag: 'whatsapp',
    auth: 'conversations:own',
    rateLimit: { perMinute: 60 },
    upload: { fields: sendMediaFields, fileField: 'file' },
    response: sendAnswerSchema,
    handler: async ({ req, res }, ctx) => {
      const media = deps.media;
      if (!media) throw new HttpError(503, 'MEDIA_STORE_UNAVAILABLE', MEDIA_STORE_UNAVAILABLE_MESSAGE);
      const upload = await receiveUpload(req, res, {
        fileField: 'file',
        maxBytes: OUTBOUND_MEDIA_MAX_BYTES,
        tooLarge,
      });
      const fields = sendMediaFields.parse(upload.fields);
      requireSelf(ctx!, fields.userId);
      const file = upload.file;
      if (!file || file.bytes.length === 0) throw new HttpError(400, 'MEDIA_MISSING', MEDIA_MISSING_MESSAGE);
      const mimeType = await detectAllowedType(file);
      const row = await requireVisibleConversation(deps, ctx!, fields.conversationId);
      const messageId = fields.clientMessageId ?? newId();
      const streamId = streams.conversation(ctx!.workspaceId, row.chatId);
      // A retry of an accepted upload: the message is in the log, its file is not written again.
      if (await streamHasOutbound(deps, streamId, messageId)) {
        return outboundAnswer(deps, ctx!, row.chatId, messageId);
      }
      const fileName = safeFileName(file.originalName);
      const mediaId = outboundMediaId(row.sessionId, streamId, messageId, mimeType, fileName);
      await media.put(ctx!.workspaceId, mediaId, file.bytes, mimeType, { conversationStreamId: streamId });
      try {
        return await requestOutbound(deps, ctx!, row, {
          messageId,
          content: fields.caption ?? '',
          timestamp: fields.timestamp ?? null,
          media: {
            mediaUrl: mediaUrlOf(mediaId),
            mimeType,
            fileName,
            size: file.bytes.length,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
          },
        });
      } catch (error) {
        // Refused (plan, conflict…): the file goes too, unless the message made it into the log.
        if (!(await streamHasOutbound(deps, streamId, messageId)))
          await media.delete(ctx!.workspaceId, mediaId);
        throw error;
      }
    },
  });
}
