import type { Response } from 'express';
import { z } from 'zod';
import { accountClosedAnswerSchema, accountExportSchema } from '@atende/api-contract';
import {
  DEACTIVATE_ACCOUNT_CONFIRMATION,
  DELETE_WORKSPACE_CONFIRMATION,
  WORKSPACE_NOT_FOUND_MESSAGE,
  isSecretIntegrationField,
  streams,
  userDecider,
  workspaceDecider,
  type ProjectionView,
} from '@atende/events';
import {
  CONVERSATION_COLLECTION,
  CHAT_READ_COLLECTION,
  MESSAGE_COLLECTION,
  chatMessagesIndex,
  chatReadKey,
  conversationIndexes,
  getWorkspace,
  listCannedReplies,
  listEmails,
  listIntegrations,
  listMembers,
  listNotes,
  listSessionsOfWorkspace,
  workspacesOf,
  withReadState,
  type ChatReadState,
  type ConversationRow,
  type MessageRow,
} from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { clearSessionCookie } from '../../auth/session-cookie.js';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { noQuery, notFoundError, requireCtx, text } from './shared.js';

/** The danger zone's full export (spec §9 names files after the product). */
export const ACCOUNT_EXPORT_FILENAME = 'atende-dados.json';
export const WORKSPACE_DELETED_MESSAGE = 'Todos os dados da conta foram excluídos.';
export const ACCOUNT_DEACTIVATED_MESSAGE = 'Sua conta foi desativada.';
export const LAST_OWNER_MESSAGE =
  'Você é o único proprietário ativo. Torne outro membro proprietário antes de desativar a sua conta.';
/** What a secret integration field shows in the export (the file leaves the server). */
export const EXPORT_SECRET_MASK = '••••';

const PAGE = 500;

const confirmationBody = z.strictObject({ confirmation: text(100) });

/** Writes to the response, waiting while its buffer is full. */
async function write(res: Response, chunk: string): Promise<void> {
  if (res.destroyed) throw new Error('client went away');
  if (!res.write(chunk)) await new Promise<void>((resolve) => res.once('drain', resolve));
}

/** Every id of an index, lowest score first, read a page at a time. */
async function* indexIds(view: ProjectionView, index: string): AsyncGenerator<string[]> {
  let offset = 0;
  for (;;) {
    const entries = await view.range(index, { offset, limit: PAGE });
    if (entries.length === 0) return;
    yield entries.map((e) => e.id);
    offset += entries.length;
  }
}

/** Every message of a conversation, oldest first, as the chat shows them (read state applied). */
async function conversationMessages(
  view: ProjectionView,
  workspaceId: string,
  chatId: string,
): Promise<MessageRow[]> {
  const read = await view.get<ChatReadState>(CHAT_READ_COLLECTION, chatReadKey(workspaceId, chatId));
  const messages: MessageRow[] = [];
  for await (const ids of indexIds(view, chatMessagesIndex(workspaceId, chatId))) {
    for (const row of await view.getMany<MessageRow>(MESSAGE_COLLECTION, ids)) {
      if (row) messages.push(withReadState(row, read));
    }
  }
  return messages;
}

/**
 * Streams the workspace's data as one JSON document (settings, integrations with secrets masked,
 * team, notes, e-mails, canned replies, conversations each with its messages), so a large inbox never sits in memory whole.
 */
async function streamExport(deps: GatewayDeps, ctx: RequestContext, res: Response): Promise<void> {
  const ws = ctx.workspaceId;
  const workspace = await getWorkspace(deps.readModels.view('workspaces'), ws);
  if (!workspace) throw notFoundError(WORKSPACE_NOT_FOUND_MESSAGE);
  const [integrations, team, notes, emails, cannedReplies] = await Promise.all([
    listIntegrations(deps.readModels.view('workspaces'), ws),
    listMembers(deps.readModels.view('members'), ws),
    listNotes(deps.readModels.view('notes'), ws),
    listEmails(deps.readModels.view('emails'), ws),
    listCannedReplies(deps.readModels.view('canned-replies'), ws),
  ]);
  const head = {
    product: 'Atende',
    exportedAt: new Date().toISOString(),
    exportedBy: { id: ctx.userId, name: ctx.name, email: ctx.email },
    workspace: {
      id: workspace.workspaceId,
      name: workspace.name,
      createdAt: workspace.createdAt,
      trialStartedAt: workspace.trialStartedAt,
      trialDays: workspace.trialDays,
    },
    settings: workspace.settings,
    integrations: integrations
      .filter((i) => i.updatedAt !== null)
      .map((i) => ({
        ...i,
        config: Object.fromEntries(
          Object.entries(i.config).map(([label, value]) => [
            label,
            isSecretIntegrationField(label) ? EXPORT_SECRET_MASK : value,
          ]),
        ),
      })),
    team,
    notes,
    emails,
    cannedReplies,
  };
  res.status(200);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${ACCOUNT_EXPORT_FILENAME}"`);
  res.setHeader('Cache-Control', 'no-store');
  const opening = JSON.stringify(head);
  await write(res, `${opening.slice(0, -1)},"conversations":[`);
  const conversations = deps.readModels.view('conversations');
  const messages = deps.readModels.view('messages');
  let first = true;
  for (const index of [conversationIndexes.all(ws), conversationIndexes.archived(ws)]) {
    for await (const keys of indexIds(conversations, index)) {
      const rows = await conversations.getMany<ConversationRow>(CONVERSATION_COLLECTION, keys);
      for (const row of rows) {
        if (!row) continue;
        const entry = { ...row, messages: await conversationMessages(messages, ws, row.chatId) };
        await write(res, `${first ? '' : ','}${JSON.stringify(entry)}`);
        first = false;
      }
    }
  }
  res.end(']}');
}

/**
 * The danger zone of Configurações > Segurança: the Owner's full export and 'Excluir todos os dados
 * da conta'; anyone's 'Desativar conta permanentemente'. The user always comes from the session.
 */
export function accountRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/account/export',
      rateLimit: { perMinute: 5 },
      summary:
        "The Owner's full export of the workspace (settings, team, notes, e-mails, canned replies, conversations and messages) as atende-dados.json",
      tag: 'account',
      // Only the Owner manages the workspace as a whole (its owners, its billing, its data).
      auth: 'owners:manage',
      query: noQuery,
      response: accountExportSchema,
      handler: async ({ res }, rawCtx) => {
        try {
          await streamExport(deps, requireCtx(rawCtx), res);
        } catch (error) {
          if (!res.headersSent) throw error;
          deps.logger.error({ err: error }, 'account export interrupted');
          res.destroy(error as Error);
        }
        return undefined;
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/account/delete-data',
      summary: `Excluir todos os dados da conta: closes the workspace, erases its read models and ends every session (Owner; confirmation "${DELETE_WORKSPACE_CONFIRMATION}")`,
      tag: 'account',
      auth: 'owners:manage',
      body: confirmationBody,
      response: accountClosedAnswerSchema,
      handler: async ({ body, req, res }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const [members, sessions] = await Promise.all([
          listMembers(deps.readModels.view('members'), ctx.workspaceId),
          listSessionsOfWorkspace(deps.readModels.view('channel-sessions'), ctx.workspaceId),
        ]);
        const memberIds = [...new Set([ctx.userId, ...members.map((m) => m.userId)])];
        // An account that is also a member of another company is the person's: it stays.
        const membershipsView = deps.readModels.view('members');
        const keptAccountIds: string[] = [];
        for (const userId of memberIds) {
          const elsewhere = (await workspacesOf(membershipsView, userId)).some((w) => w !== ctx.workspaceId);
          if (elsewhere) keptAccountIds.push(userId);
        }
        await execute(deps, ctx, workspaceDecider, streams.workspace(ctx.workspaceId), {
          type: 'DeleteWorkspaceData',
          data: {
            deletedBy: ctx.userId,
            confirmation: body.confirmation,
            memberIds,
            channelSessionIds: sessions.map((s) => s.sessionId),
            keptAccountIds,
          },
        });
        // The read models no longer know these members, so any session left would be refused
        // anyway; ending them here also closes the sockets at their next check.
        await Promise.all(memberIds.map((userId) => deps.sessions.deleteAllOfUser(userId, ctx.workspaceId)));
        clearSessionCookie(req, res);
        return { success: true, message: WORKSPACE_DELETED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/account/deactivate',
      summary: `Desativar conta permanentemente: the signed-in user's own account; its sessions end and it cannot sign in again (confirmation "${DEACTIVATE_ACCOUNT_CONFIRMATION}")`,
      tag: 'account',
      auth: 'session',
      body: confirmationBody,
      response: accountClosedAnswerSchema,
      handler: async ({ body, req, res }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        if (ctx.role === 'Owner') {
          const members = await listMembers(deps.readModels.view('members'), ctx.workspaceId);
          const otherOwner = members.some(
            (m) => m.role === 'Owner' && m.status === 'active' && m.userId !== ctx.userId,
          );
          if (!otherOwner) throw new HttpError(409, 'LAST_OWNER', LAST_OWNER_MESSAGE);
        }
        await execute(deps, ctx, userDecider, streams.user(ctx.userId), {
          type: 'DeactivateUser',
          data: { byUserId: ctx.userId, confirmation: body.confirmation },
        });
        await deps.sessions.deleteAllOfUser(ctx.userId);
        clearSessionCookie(req, res);
        return { success: true, message: ACCOUNT_DEACTIVATED_MESSAGE };
      },
    }),
  ];
}
