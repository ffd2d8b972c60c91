import { z } from 'zod';
import {
  WHATSAPP_SOURCE,
  connectAnswerSchema,
  conversationsPageSchema,
  messagesPageSchema,
  profilePictureAnswerSchema,
  sendAnswerSchema,
  sessionStatusAnswerEnvelopeSchema,
  sessionsAnswerSchema,
  type SessionStatus,
  type WhatsAppSession,
} from '@atende/api-contract';
import {
  CHANNEL_NOT_FOUND_MESSAGE,
  MESSAGE_EMPTY_MESSAGE,
  channelSessionDecider,
  newId,
  normalisePhoneNumber,
  streams,
} from '@atende/events';
import {
  getConversation,
  getSession,
  latestMessages,
  listConversations,
  listSessionsOfUser,
  type SessionDoc,
} from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { AnswerCache } from '../../http/answer-cache.js';
import { checkAnswer } from '../../http/answer-check.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { Same } from '../../http/same-type.js';
import {
  canSee,
  chatIdSchema,
  conversationScope,
  conversationView,
  messageView,
  requireSelf,
  requireVisibleConversation,
  userIdField,
} from '../conversations/conversation-access.js';
import { requestOutbound } from './request-outbound.js';

export const CONNECTED_MESSAGE = 'WhatsApp conectado com sucesso.';
export const SCAN_QR_MESSAGE = 'Escaneie o QR Code no WhatsApp do seu celular.';
export const WAITING_QR_MESSAGE = 'Aguardando geração do QR Code...';
export const CUSTOMER_NOT_FOUND_MESSAGE = 'Contato não encontrado';

const LIST_PATH = '/api/whatsapp/conversations';
const LIST_ROUTE = `get ${LIST_PATH}`;

/** A whole number in a query string (`limit`, cursors). */
const queryInt = (max: number) =>
  z
    .string()
    .regex(/^\d{1,16}$/, 'Deve ser um número inteiro')
    .transform(Number)
    .pipe(z.number().int().min(1).max(max));

const userQuery = z.strictObject({ userId: userIdField.optional() });

const conversationsQuery = z.strictObject({
  userId: userIdField.optional(),
  archived: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
  limit: queryInt(500).optional(),
  /** The `nextCursor` of the previous page (last message time, ms). */
  before: queryInt(Number.MAX_SAFE_INTEGER).optional(),
});

const messagesQuery = z.strictObject({
  userId: userIdField.optional(),
  limit: queryInt(500).optional(),
  /** The `nextCursor` of the previous page (position of its oldest message). */
  before: queryInt(Number.MAX_SAFE_INTEGER).optional(),
});

const sendBody = z.strictObject({
  userId: userIdField.optional(),
  conversationId: chatIdSchema,
  content: z.string(),
  type: z.literal('text').optional(),
  /** ISO time from the client; an invalid one falls back to the server's clock (spec §5). */
  timestamp: z.string().max(100).optional(),
  /** The idempotency key: the same id retried never makes a second message. */
  clientMessageId: z.uuid().optional(),
});

const connectBody = z.strictObject({
  userId: userIdField.optional(),
  /** As typed; non-digits are stripped. */
  phoneNumber: z.string().max(64),
  /** Support name; blank means 'Suporte'. */
  name: z.string().max(500).nullable().optional(),
});

// The session answers are the contract's, which spells the statuses out: the build fails when they
// drift from the read model's.
const _sameStatuses: Same<SessionStatus, SessionDoc['status']> = true;

function sessionView(session: SessionDoc): WhatsAppSession {
  return {
    sessionId: session.sessionId,
    status: session.status,
    phoneNumber: session.phoneNumber,
    name: session.name,
    connected: session.status === 'connected',
    updatedAt: session.updatedAt,
  };
}

const sessionNotFound = () => new HttpError(404, 'CHANNEL_NOT_FOUND', CHANNEL_NOT_FOUND_MESSAGE);

/** One of the signed-in user's own sessions in this workspace, else 404. */
async function requireOwnSession(deps: GatewayDeps, ctx: RequestContext, sessionId: string) {
  const session = await getSession(deps.readModels.view('channel-sessions'), sessionId);
  if (!session || session.workspaceId !== ctx.workspaceId || session.userId !== ctx.userId) {
    throw sessionNotFound();
  }
  return session;
}

/** The spec's §7 WhatsApp calls (same paths and answer shapes), served from Atende's read models. */
export function whatsappRoutes(deps: GatewayDeps): RouteDefinition[] {
  const listCache = new AnswerCache();
  return [
    defineRoute({
      method: 'get',
      path: LIST_PATH,
      summary:
        'Conversation list, newest first (an agent sees own and unassigned ones); archived=true for the archive',
      tag: 'whatsapp',
      auth: 'conversations:own',
      query: conversationsQuery,
      response: conversationsPageSchema,
      handler: async ({ query, res }, ctx) => {
        requireSelf(ctx!, query.userId);
        const view = deps.readModels.view('conversations');
        const scope = conversationScope(ctx!);
        const key = [
          ctx!.workspaceId,
          scope.kind === 'agent' ? scope.userId : '*',
          query.archived ?? false,
          query.limit,
          query.before,
        ].join('|');
        // The list only changes when the conversations read model moves: repeat polls get the same bytes.
        const json = await listCache.get(key, await view.checkpoint(), async () => {
          const page = await listConversations(view, ctx!.workspaceId, {
            scope,
            archived: query.archived ?? false,
            ...(query.limit !== undefined ? { limit: query.limit } : {}),
            ...(query.before !== undefined ? { before: query.before } : {}),
          });
          const answer = {
            success: true,
            conversations: page.conversations.map(conversationView),
            source: WHATSAPP_SOURCE,
            nextCursor: page.nextCursor,
          };
          // Sent as cached bytes, past mountRoutes' check: checked here, once per computed answer.
          checkAnswer(deps, conversationsPageSchema, answer, LIST_ROUTE);
          return answer;
        });
        res.type('application/json').send(json);
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/whatsapp/messages/:conversationId',
      // Pages over the spec's 100 messages are the expensive ones.
      rateLimit: { perMinute: 30, applies: (req) => Number(req.query.limit ?? 0) > 100 },
      summary: 'The newest messages of a conversation (default 100), oldest first; before= pages back',
      tag: 'whatsapp',
      auth: 'conversations:own',
      params: z.strictObject({ conversationId: chatIdSchema }),
      query: messagesQuery,
      response: messagesPageSchema,
      handler: async ({ params, query }, ctx) => {
        requireSelf(ctx!, query.userId);
        const row = await requireVisibleConversation(deps, ctx!, params.conversationId);
        const page = await latestMessages(deps.readModels.view('messages'), ctx!.workspaceId, row.chatId, {
          ...(query.limit !== undefined ? { limit: query.limit } : {}),
          ...(query.before !== undefined ? { before: query.before } : {}),
        });
        return {
          success: true,
          messages: page.messages.map(messageView),
          source: WHATSAPP_SOURCE,
          nextCursor: page.nextCursor,
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/whatsapp/send',
      summary:
        'Send a text to the customer (queued for the WhatsApp session); clientMessageId makes retries safe',
      tag: 'whatsapp',
      auth: 'conversations:own',
      body: sendBody,
      response: sendAnswerSchema,
      handler: async ({ body }, ctx) => {
        requireSelf(ctx!, body.userId);
        if (!body.content.trim()) throw new HttpError(400, 'MESSAGE_EMPTY', MESSAGE_EMPTY_MESSAGE);
        const row = await requireVisibleConversation(deps, ctx!, body.conversationId);
        return requestOutbound(deps, ctx!, row, {
          messageId: body.clientMessageId ?? newId(),
          content: body.content,
          type: body.type ?? 'text',
          timestamp: body.timestamp ?? null,
        });
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/whatsapp/status/:sessionId',
      summary: "State of one of the signed-in user's WhatsApp sessions",
      tag: 'whatsapp',
      auth: 'session',
      params: z.strictObject({ sessionId: z.string().min(1).max(256) }),
      query: userQuery,
      response: sessionStatusAnswerEnvelopeSchema,
      handler: async ({ params, query }, ctx) => {
        requireSelf(ctx!, query.userId);
        const session = await requireOwnSession(deps, ctx!, params.sessionId);
        return {
          success: true,
          connected: session.status === 'connected',
          sessionId: session.sessionId,
          status: session.status,
          qrCode: session.qrCode,
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/whatsapp/sessions/:userId',
      summary: "The signed-in user's WhatsApp sessions in this workspace, most recently updated first",
      tag: 'whatsapp',
      auth: 'session',
      params: z.strictObject({ userId: userIdField }),
      query: z.strictObject({}),
      response: sessionsAnswerSchema,
      handler: async ({ params }, ctx) => {
        requireSelf(ctx!, params.userId);
        const sessions = await listSessionsOfUser(deps.readModels.view('channel-sessions'), ctx!.userId);
        return {
          success: true,
          sessions: sessions.filter((s) => s.workspaceId === ctx!.workspaceId).map(sessionView),
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/whatsapp/connect',
      summary:
        "Request a WhatsApp session for a number (reuses the user's open session of that number); answers the QR when there is one",
      tag: 'whatsapp',
      auth: 'integrations:manage',
      body: connectBody,
      response: connectAnswerSchema,
      handler: async ({ body }, ctx) => {
        requireSelf(ctx!, body.userId);
        const phoneNumber = normalisePhoneNumber(body.phoneNumber);
        const view = deps.readModels.view('channel-sessions');
        const existing = (await listSessionsOfUser(view, ctx!.userId)).find(
          (s) => s.workspaceId === ctx!.workspaceId && s.phoneNumber === phoneNumber && s.status !== 'failed',
        );
        const sessionId = existing?.sessionId ?? newId();
        await execute(deps, ctx!, channelSessionDecider, streams.channel(sessionId), {
          type: 'RequestChannelSession',
          data: {
            sessionId,
            workspaceId: ctx!.workspaceId,
            driver: deps.whatsappDriver ?? 'sandbox',
            userId: ctx!.userId,
            phoneNumber,
            name: body.name ?? null,
          },
        });
        const session = (await getSession(view, sessionId)) ?? existing;
        const connected = session?.status === 'connected';
        const qrCode = connected ? null : (session?.qrCode ?? null);
        return {
          success: true,
          connected,
          sessionId,
          qrCode,
          message: connected ? CONNECTED_MESSAGE : qrCode ? SCAN_QR_MESSAGE : WAITING_QR_MESSAGE,
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/whatsapp/profile-picture/:customerId',
      summary: "A customer's profile picture URL (null when WhatsApp gives none)",
      tag: 'whatsapp',
      auth: 'conversations:own',
      params: z.strictObject({ customerId: z.string().trim().min(1).max(256) }),
      query: userQuery,
      response: profilePictureAnswerSchema,
      handler: async ({ params, query }, ctx) => {
        requireSelf(ctx!, query.userId);
        const view = deps.readModels.view('conversations');
        const raw = params.customerId;
        // The customer's phone (digits), a WhatsApp id or a conversation id: the conversations of
        // that number are named by a pseudonym of its WhatsApp id (or, recorded before, by the id).
        const digits = raw.replace(/\D/g, '');
        const addresses = raw.includes('@') ? [raw] : digits ? [`${digits}@c.us`, `${digits}@g.us`] : [];
        const pseudonyms = await Promise.all(
          addresses.map((address) => deps.contactKeys.conversationIdFor(ctx!.workspaceId, address)),
        );
        for (const chatId of new Set([raw, ...pseudonyms, ...addresses])) {
          const row = await getConversation(view, ctx!.workspaceId, chatId);
          if (row && canSee(ctx!, row)) return { success: true, url: row.profilePic };
        }
        throw new HttpError(404, 'CUSTOMER_NOT_FOUND', CUSTOMER_NOT_FOUND_MESSAGE);
      },
    }),
  ];
}
