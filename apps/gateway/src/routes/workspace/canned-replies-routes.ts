import { z } from 'zod';
import {
  CANNED_REPLY_CATEGORY_LABELS,
  CANNED_REPLY_KEYWORDS_MAX,
  CANNED_REPLY_NOT_FOUND_MESSAGE,
  CANNED_REPLY_TEXT_MAX,
  cannedReplyCategories,
  cannedReplyDecider,
  newId,
  streams,
  type CannedReplyCommand,
  type CannedReplyState,
} from '@atende/events';
import {
  cannedRepliesAnswerSchema,
  cannedReplyAnswerSchema,
  cannedReplyDeletedAnswerSchema,
  type CannedReply,
} from '@atende/api-contract';
import {
  countCannedReplies,
  getCannedReply,
  listCannedReplies,
  type CannedReplyDoc,
} from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { idSchema, noBody, noQuery, notFoundError, oneOf, requireCtx, text } from './shared.js';

export const CANNED_REPLY_SAVED_MESSAGE = 'Resposta pronta salva com sucesso!';
export const CANNED_REPLY_UPDATED_MESSAGE = 'Resposta pronta atualizada com sucesso!';
export const CANNED_REPLY_DELETED_MESSAGE = 'Resposta pronta excluída com sucesso!';
/** Most replies a workspace keeps (every suggestion request ranks all of them). */
export const CANNED_REPLIES_MAX = 500;
export const CANNED_REPLIES_LIMIT_MESSAGE = `Limite de ${CANNED_REPLIES_MAX} respostas prontas atingido. Exclua alguma antes de criar outra.`;

// The answer's shape is the contract's (shared with the web client).
export type CannedReplyView = CannedReply;

const cannedReplyParams = z.strictObject({ cannedReplyId: idSchema });
/** Texto (required, trimmed), Categoria and Palavras-chave (optional; left out on edit: kept). */
const cannedReplyBody = z.strictObject({
  text: text(CANNED_REPLY_TEXT_MAX),
  category: oneOf(cannedReplyCategories),
  keywords: text(CANNED_REPLY_KEYWORDS_MAX).optional(),
});

function toView(doc: CannedReplyDoc): CannedReplyView {
  return {
    id: doc.id,
    text: doc.text,
    category: doc.category,
    categoryLabel: CANNED_REPLY_CATEGORY_LABELS[doc.category],
    keywords: doc.keywords,
    createdBy: doc.createdBy,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** The reply of the signed-in member's workspace, or 404 (another workspace's reply is not found). */
async function requireCannedReply(
  deps: GatewayDeps,
  ctx: RequestContext,
  cannedReplyId: string,
): Promise<CannedReplyDoc> {
  const doc = await getCannedReply(deps.readModels.view('canned-replies'), ctx.workspaceId, cannedReplyId);
  if (!doc) throw notFoundError(CANNED_REPLY_NOT_FOUND_MESSAGE);
  return doc;
}

/** Fallback when the read model is slower than the wait: the decider's state, as the read model would have it. */
function fromState(state: CannedReplyState, workspaceId: string, previous?: CannedReplyDoc): CannedReplyView {
  if (state.status !== 'active') throw notFoundError(CANNED_REPLY_NOT_FOUND_MESSAGE);
  const now = new Date().toISOString();
  const { reply } = state;
  return toView({
    id: reply.cannedReplyId,
    workspaceId,
    text: reply.text,
    category: reply.category,
    keywords: reply.keywords,
    createdBy: reply.createdBy,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
  });
}

/** Runs a command on the reply's stream and reads the reply back. */
async function run(
  deps: GatewayDeps,
  ctx: RequestContext,
  cannedReplyId: string,
  command: CannedReplyCommand,
  previous?: CannedReplyDoc,
): Promise<CannedReplyView> {
  const { newState } = await execute(
    deps,
    ctx,
    cannedReplyDecider,
    streams.cannedreply(cannedReplyId),
    command,
  );
  const doc = await getCannedReply(deps.readModels.view('canned-replies'), ctx.workspaceId, cannedReplyId);
  return doc ? toView(doc) : fromState(newState, ctx.workspaceId, previous);
}

/**
 * Respostas prontas: the workspace's canned replies, from which (with the team's past answers) the
 * chat window's suggestions are ranked. Every member reads them; who manages the settings changes them.
 */
export function cannedRepliesRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/canned-replies',
      summary: "The workspace's canned replies (Respostas prontas), in the order they were created",
      tag: 'canned-replies',
      auth: 'session',
      query: noQuery,
      response: cannedRepliesAnswerSchema,
      handler: async (_input, rawCtx) => {
        const { workspaceId } = requireCtx(rawCtx);
        const docs = await listCannedReplies(deps.readModels.view('canned-replies'), workspaceId);
        return { success: true, cannedReplies: docs.map(toView) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/canned-replies',
      summary: `Creates a canned reply (text required, at most ${CANNED_REPLY_TEXT_MAX} characters; keywords: words customers use when it fits)`,
      tag: 'canned-replies',
      auth: 'settings:manage',
      body: cannedReplyBody,
      status: 201,
      response: cannedReplyAnswerSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const count = await countCannedReplies(deps.readModels.view('canned-replies'), ctx.workspaceId);
        if (count >= CANNED_REPLIES_MAX)
          throw new HttpError(409, 'CANNED_REPLIES_LIMIT', CANNED_REPLIES_LIMIT_MESSAGE);
        const cannedReplyId = newId();
        const cannedReply = await run(deps, ctx, cannedReplyId, {
          type: 'CreateCannedReply',
          data: {
            cannedReplyId,
            text: body.text,
            category: body.category,
            ...(body.keywords !== undefined ? { keywords: body.keywords } : {}),
            createdBy: ctx.userId,
          },
        });
        return { success: true, cannedReply, message: CANNED_REPLY_SAVED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/canned-replies/:cannedReplyId',
      summary: 'Edits a canned reply (keywords kept when left out)',
      tag: 'canned-replies',
      auth: 'settings:manage',
      params: cannedReplyParams,
      body: cannedReplyBody,
      response: cannedReplyAnswerSchema,
      handler: async ({ params, body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const previous = await requireCannedReply(deps, ctx, params.cannedReplyId);
        const cannedReply = await run(
          deps,
          ctx,
          params.cannedReplyId,
          {
            type: 'UpdateCannedReply',
            data: {
              text: body.text,
              category: body.category,
              ...(body.keywords !== undefined ? { keywords: body.keywords } : {}),
            },
          },
          previous,
        );
        return { success: true, cannedReply, message: CANNED_REPLY_UPDATED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/canned-replies/:cannedReplyId',
      summary: 'Deletes a canned reply (no longer suggested)',
      tag: 'canned-replies',
      auth: 'settings:manage',
      params: cannedReplyParams,
      body: noBody,
      response: cannedReplyDeletedAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        await requireCannedReply(deps, ctx, params.cannedReplyId);
        await execute(deps, ctx, cannedReplyDecider, streams.cannedreply(params.cannedReplyId), {
          type: 'DeleteCannedReply',
          data: {},
        });
        return { success: true, message: CANNED_REPLY_DELETED_MESSAGE };
      },
    }),
  ];
}
