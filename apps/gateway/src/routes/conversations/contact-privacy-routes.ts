import { z } from 'zod';
import { contactEraseAnswerSchema, contactExportAnswerSchema } from '@atende/api-contract';
import {
  REMOVED_PLACEHOLDER,
  conversationAddress,
  conversationDecider,
  mediaIdOf,
  streams,
  type StoredEvent,
} from '@atende/events';
import { listNotes } from '@atende/projector';
import { execute } from '../../commands/execute.js';
import { HttpError } from '../../http/errors.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import type { RequestContext } from '../../auth/request-context.js';
import { chatIdSchema, requireVisibleConversation } from './conversation-access.js';

export const CONTACT_ERASED_MESSAGE = 'Dados do contato excluídos';
export const CONFIRMATION_MISMATCH_MESSAGE = 'O número digitado não confere com o do contato';
export const CONTACT_ALREADY_ERASED_MESSAGE = 'Os dados deste contato já foram excluídos';

const contactParams = z.strictObject({ contactId: chatIdSchema });
const eraseBody = z.strictObject({
  /** The contact's phone number typed again (any punctuation): the UI's confirmation, checked here too. */
  confirmPhone: z.string({ error: 'digite o número do contato' }).max(64, { error: 'número muito longo' }),
});

const digits = (text: string) => text.replace(/\D/g, '');

/** The events kept about the customer now: those after their last erasure. */
function sinceLastErasure(events: readonly StoredEvent[]): StoredEvent[] {
  let start = 0;
  events.forEach((e, i) => {
    if (e.type === 'ContactDataErased') start = i + 1;
  });
  return events.slice(start);
}

async function currentEvents(deps: GatewayDeps, ctx: RequestContext, chatId: string): Promise<StoredEvent[]> {
  return sinceLastErasure(await deps.store.readStream(streams.conversation(ctx.workspaceId, chatId)));
}

function profileOf(events: readonly StoredEvent[]): { name: string; phone: string } | null {
  const started = events.find((e) => e.type === 'ConversationStarted');
  if (!started) return null;
  const data = started.data as { customerName: string; customerId: string };
  return { name: data.customerName, phone: data.customerId };
}

/** Notes whose title or text carries the phone number (any punctuation) or the full name. */
async function notesMentioning(
  deps: GatewayDeps,
  workspaceId: string,
  contact: { name: string; phone: string },
) {
  const phone = digits(contact.phone);
  const name = contact.name.trim().toLowerCase();
  const notes = await listNotes(deps.readModels.view('notes'), workspaceId);
  return notes
    .filter((n) => {
      const text = `${n.title}\n${n.content}`;
      return (
        (phone.length >= 8 && digits(text).includes(phone)) ||
        (name.length >= 3 && text.toLowerCase().includes(name))
      );
    })
    .map((n) => ({ id: n.id, title: n.title, content: n.content, createdAt: n.createdAt }));
}

/** The ids of the media the customer sent that we keep (`/api/media/<id>` URLs; deleted with their data). */
export function storedMediaIdsOf(events: readonly StoredEvent[]): string[] {
  const ids = new Set<string>();
  for (const e of events) {
    const id = mediaIdOf((e.data as { mediaUrl?: unknown }).mediaUrl);
    if (id) ids.add(id);
  }
  return [...ids];
}

/**
 * A customer's rights under LGPD art. 18 (Owner and Admin only, each request recorded in the
 * conversation's stream): a copy of everything kept about them, and its erasure — their key is
 * destroyed, so every copy of their personal data (log, bus, backups) becomes unreadable.
 */
export function contactPrivacyRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/contacts/:contactId/export',
      summary:
        "Everything kept about a customer (LGPD art. 18): their conversation's events and the notes mentioning them",
      tag: 'conversations',
      auth: 'contacts:privacy',
      params: contactParams,
      query: z.strictObject({}),
      response: contactExportAnswerSchema,
      handler: async ({ params, res }, ctx) => {
        const row = await requireVisibleConversation(deps, ctx!, params.contactId);
        const events = await currentEvents(deps, ctx!, row.chatId);
        const contact = profileOf(events);
        if (contact) {
          await execute(deps, ctx!, conversationDecider, streams.conversation(ctx!.workspaceId, row.chatId), {
            type: 'RecordContactExport',
            data: { byUserId: ctx!.userId },
          });
        }
        res.setHeader(
          'content-disposition',
          `attachment; filename="contato-${digits(row.chatId) || 'dados'}.json"`,
        );
        return {
          success: true,
          export: {
            exportedAt: new Date().toISOString(),
            contactId: row.chatId,
            contact,
            events: contact
              ? events
                  .filter((e) => e.type !== 'ContactDataExported')
                  .map((e) => ({ type: e.type, occurredAt: e.metadata.occurredAt, data: e.data }))
              : [],
            notes: contact ? await notesMentioning(deps, ctx!.workspaceId, contact) : [],
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/contacts/:contactId/erase',
      summary: "Erase a customer's personal data (LGPD art. 18): confirmed by typing their phone number",
      tag: 'conversations',
      auth: 'contacts:privacy',
      params: contactParams,
      body: eraseBody,
      response: contactEraseAnswerSchema,
      handler: async ({ params, body }, ctx) => {
        const row = await requireVisibleConversation(deps, ctx!, params.contactId);
        const streamId = streams.conversation(ctx!.workspaceId, row.chatId);
        const events = await currentEvents(deps, ctx!, row.chatId);
        const contact = profileOf(events);
        if (!contact) throw new HttpError(409, 'CONTACT_ALREADY_ERASED', CONTACT_ALREADY_ERASED_MESSAGE);
        const typed = digits(body.confirmPhone);
        // A retry after the key went (the erasure's record failed) has no number left to compare.
        const keyGone = contact.phone === REMOVED_PLACEHOLDER;
        if (!keyGone && (typed.length === 0 || typed !== digits(contact.phone))) {
          throw new HttpError(400, 'CONFIRMATION_MISMATCH', CONFIRMATION_MISMATCH_MESSAGE);
        }
        // The route, the media and the key first: should the rest fail, the data is unreadable already
        // and a retry finishes it. Without the route the number's next message starts an unrelated
        // conversation. The media goes before the key: its URLs are sealed with that key, so a retry
        // after the key went could no longer find the files to free their space (their bytes are
        // sealed with that key too: whatever copy is left can no longer be read).
        const address = conversationAddress(events, row.chatId);
        if (address !== REMOVED_PLACEHOLDER)
          await deps.contactKeys.forgetConversationRoute(ctx!.workspaceId, address);
        const media = deps.media;
        if (media)
          await Promise.all(storedMediaIdsOf(events).map((id) => media.delete(ctx!.workspaceId, id)));
        await deps.contactKeys.destroyContact(ctx!.workspaceId, streamId);
        await execute(deps, ctx!, conversationDecider, streamId, {
          type: 'EraseContactData',
          data: { byUserId: ctx!.userId },
        });
        deps.logger.info({ workspaceId: ctx!.workspaceId, by: ctx!.userId }, 'contact data erased (LGPD)');
        return { success: true, message: CONTACT_ERASED_MESSAGE };
      },
    }),
  ];
}
