import { z } from 'zod';
import {
  emailAnswerSchema,
  emailDeletedAnswerSchema,
  emailsAnswerSchema,
  emailSentAnswerSchema,
  type Email,
} from '@atende/api-contract';
import {
  EMAIL_NOT_FOUND_MESSAGE,
  emailDecider,
  emailKinds,
  emailPriorities,
  mediaUrlOf,
  messageIdFor,
  newId,
  streams,
  type EmailCommand,
} from '@atende/events';
import {
  getEmail,
  getMember,
  listEmails,
  listIntegrations,
  listMembers,
  type EmailDoc,
} from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { idSchema, limitQuery, noBody, noQuery, notFoundError, oneOf, requireCtx, text } from './shared.js';
import { sendAllowance } from './plan-allowances.js';

/** Spec §8: shown once the SMTP server accepted the e-mail (the client follows its status). */
export const EMAIL_SENT_MESSAGE = 'Email enviado com sucesso!';
/** What POST answers: recorded and on its way (the e-mail channel sends it, with retries). */
export const EMAIL_SENDING_MESSAGE = 'Enviando…';
export const EMAIL_DELETED_MESSAGE = 'Email excluído com sucesso!';

/** An e-mail as answered: the contract's shape (shared with the web client). */
export type EmailView = Email;

/** Addresses as typed: a list, or one comma-separated text. */
const addresses = z.union([text(10000), z.array(text(320)).max(200)], {
  error: 'deve ser um endereço, uma lista ou um texto separado por vírgulas',
});

const emailParams = z.strictObject({ emailId: idSchema });

function toView(doc: EmailDoc, names: ReadonlyMap<string, string>): EmailView {
  return {
    id: doc.id,
    direction: doc.direction,
    sender: doc.sender,
    senderName: doc.direction === 'sent' ? (names.get(doc.sender) ?? doc.sender) : doc.sender,
    authorId: doc.authorId,
    to: [...doc.to],
    cc: [...doc.cc],
    subject: doc.subject,
    preview: doc.preview,
    content: doc.content,
    timestamp: doc.timestamp,
    isUnread: doc.isUnread,
    hasAttachments: doc.hasAttachments,
    priority: doc.priority,
    kind: doc.kind,
    inReplyTo: doc.inReplyTo,
    status: statusOf(doc),
    error: doc.error ?? null,
    attachments: (doc.attachments ?? []).map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      size: a.size,
      url: mediaUrlOf(a.mediaId),
    })),
  };
}

function statusOf(doc: EmailDoc): EmailView['status'] {
  switch (doc.delivery) {
    case 'accepted':
      return 'sent';
    case 'sending':
      return 'sending';
    case 'received':
      return 'received';
    default:
      // `failed`, and `unsent`: recorded before the e-mail channel existed, never sent.
      return doc.direction === 'received' ? 'received' : 'failed';
  }
}

/** The Message-ID of a new e-mail and the thread it answers (the answered e-mail's own and its references). */
async function threading(
  deps: GatewayDeps,
  workspaceId: string,
  emailId: string,
  answered: EmailDoc | undefined,
): Promise<{ messageId: string; references: string[] }> {
  const integrations = await listIntegrations(deps.readModels.view('workspaces'), workspaceId);
  const from = integrations.find((i) => i.type === 'email')?.config['Email'];
  const references = answered ? [...(answered.references ?? [])] : [];
  if (answered?.messageId) references.push(answered.messageId);
  return { messageId: messageIdFor(emailId, from), references };
}

/** Author names of one e-mail (its author only). */
async function namesFor(deps: GatewayDeps, ctx: RequestContext, doc: EmailDoc): Promise<Map<string, string>> {
  if (doc.direction !== 'sent' || !doc.authorId) return new Map();
  const member = await getMember(deps.readModels.view('members'), ctx.workspaceId, doc.authorId);
  return new Map(member ? [[member.userId, member.name]] : []);
}

/** The e-mail of the signed-in member's workspace, or 404 (another workspace's e-mail is not found). */
async function requireEmail(deps: GatewayDeps, ctx: RequestContext, emailId: string): Promise<EmailDoc> {
  const doc = await getEmail(deps.readModels.view('emails'), ctx.workspaceId, emailId);
  if (!doc) throw notFoundError(EMAIL_NOT_FOUND_MESSAGE);
  return doc;
}

async function run(
  deps: GatewayDeps,
  ctx: RequestContext,
  emailId: string,
  command: EmailCommand,
): Promise<EmailView> {
  await execute(deps, ctx, emailDecider, streams.email(emailId), command);
  const doc = await requireEmail(deps, ctx, emailId);
  return toView(doc, await namesFor(deps, ctx, doc));
}

/** Emails: the workspace's mailbox (spec §2 Email modals, §3 Email, §5). */
export function emailsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/emails',
      summary: "The workspace's e-mails, newest first",
      tag: 'emails',
      auth: 'session',
      query: z.strictObject({ limit: limitQuery }),
      response: emailsAnswerSchema,
      handler: async ({ query }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const [docs, members] = await Promise.all([
          listEmails(deps.readModels.view('emails'), ctx.workspaceId, {
            ...(query.limit !== undefined ? { limit: query.limit } : {}),
          }),
          listMembers(deps.readModels.view('members'), ctx.workspaceId),
        ]);
        const names = new Map(members.map((m) => [m.userId, m.name]));
        return { success: true, emails: docs.map((d) => toView(d, names)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/emails/:emailId',
      summary: 'One e-mail',
      tag: 'emails',
      auth: 'session',
      params: emailParams,
      query: noQuery,
      response: emailAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const doc = await requireEmail(deps, ctx, params.emailId);
        return { success: true, email: toView(doc, await namesFor(deps, ctx, doc)) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/emails',
      summary:
        'Records an e-mail and queues it for the SMTP server of the Email integration (status `sending`, then `sent` or `failed`)',
      tag: 'emails',
      auth: 'session',
      body: z.strictObject({
        to: addresses,
        subject: text(2000),
        content: text(200_000),
        priority: oneOf(emailPriorities).nullable().optional(),
        kind: oneOf(emailKinds).nullable().optional(),
        inReplyTo: idSchema.nullable().optional(),
        cc: addresses.nullable().optional(),
      }),
      status: 201,
      response: emailSentAnswerSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        // A reply or forward names an e-mail of this workspace.
        const answered = body.inReplyTo ? await requireEmail(deps, ctx, body.inReplyTo) : undefined;
        const emailId = newId();
        const email = await run(deps, ctx, emailId, {
          type: 'SendEmail',
          data: {
            emailId,
            authorId: ctx.userId,
            to: body.to,
            cc: body.cc ?? null,
            subject: body.subject,
            content: body.content,
            priority: body.priority ?? null,
            kind: body.kind ?? null,
            inReplyTo: body.inReplyTo ?? null,
            ...(await threading(deps, ctx.workspaceId, emailId, answered)),
            entitlement: (await sendAllowance(deps, ctx.workspaceId)).entitlement,
          },
        });
        return { success: true, email, message: EMAIL_SENDING_MESSAGE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/emails/:emailId/read',
      summary: 'Marks the e-mail read',
      tag: 'emails',
      auth: 'session',
      params: emailParams,
      body: noBody,
      response: emailAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        await requireEmail(deps, ctx, params.emailId);
        return {
          success: true,
          email: await run(deps, ctx, params.emailId, { type: 'MarkEmailRead', data: {} }),
        };
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/api/emails/:emailId',
      summary: 'Deletes the e-mail',
      tag: 'emails',
      auth: 'session',
      params: emailParams,
      body: noBody,
      response: emailDeletedAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        await requireEmail(deps, ctx, params.emailId);
        await execute(deps, ctx, emailDecider, streams.email(params.emailId), {
          type: 'DeleteEmail',
          data: {},
        });
        return { success: true, message: EMAIL_DELETED_MESSAGE };
      },
    }),
  ];
}
