import { z } from 'zod';
import { mediaRetryAnswerSchema } from '@atende/api-contract';
import { getMessage } from '@atende/projector';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import {
  chatIdSchema,
  requireVisibleConversation,
  runConversationCommand,
} from '../conversations/conversation-access.js';
import { sendMedia } from './send-media.js';

export const MEDIA_NOT_FOUND_TEXT = 'Mídia não encontrada';

/** File names the channel drivers write: no separators, no leading dot. */
const fileName = z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/, 'Nome de arquivo inválido');
const sessionIdSchema = z.string().regex(/^[A-Za-z0-9_-]{1,128}$/, 'Sessão inválida');
const mediaNotFound = () => new HttpError(404, 'MEDIA_NOT_FOUND', MEDIA_NOT_FOUND_TEXT);

/**
 * Media of customers' messages: the files a channel driver downloaded (served from the MediaStore
 * to members of the workspace that stored them only) and the retry of a download that failed.
 */
export function mediaRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/conversations/:conversationId/messages/:messageId/media/retry',
      summary: "Download an inbound message's media again (its status goes back to pending)",
      tag: 'conversations',
      auth: 'conversations:own',
      params: z.strictObject({ conversationId: chatIdSchema, messageId: z.string().min(1).max(256) }),
      body: z.strictObject({}),
      response: mediaRetryAnswerSchema,
      handler: async ({ params }, ctx) => {
        const row = await requireVisibleConversation(deps, ctx!, params.conversationId);
        await runConversationCommand(deps, ctx!, row, {
          type: 'RetryMedia',
          data: { messageId: params.messageId, byUserId: ctx!.userId },
        });
        const message = await getMessage(
          deps.readModels.view('messages'),
          ctx!.workspaceId,
          row.chatId,
          params.messageId,
        );
        return { success: true, messageId: params.messageId, mediaStatus: message?.mediaStatus ?? 'pending' };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/media/:sessionId/:file',
      summary: 'A media file of a customer message (image, video, audio, document)',
      tag: 'conversations',
      auth: 'conversations:own',
      params: z.strictObject({ sessionId: sessionIdSchema, file: fileName }),
      response: z.any().describe('the file bytes'),
      handler: async ({ params, req, res }, ctx) => {
        const media = await deps.media?.get(ctx!.workspaceId, `${params.sessionId}/${params.file}`);
        // Another workspace's media answers like a missing file: ids are not confirmed to strangers.
        if (!media) throw mediaNotFound();
        sendMedia(req, res, media);
      },
    }),
  ];
}
