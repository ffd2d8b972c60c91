import { z } from 'zod';
import {
  newId,
  noteDecider,
  normaliseTags,
  NOTE_NOT_FOUND_MESSAGE,
  parseReminderInput,
  streams,
  type NoteCommand,
  type NoteState,
} from '@atende/events';
import {
  noteAnswerSchema,
  noteDeletedAnswerSchema,
  noteFoundAnswerSchema,
  notesAnswerSchema,
  type Note,
} from '@atende/api-contract';
import { getNote, listNotes, type NoteDoc } from '@atende/projector';
import type { RequestContext } from '../../auth/request-context.js';
import { execute } from '../../commands/execute.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import {
  badRequest,
  bool,
  idSchema,
  limitQuery,
  noBody,
  notFoundError,
  requireCtx,
  text,
  workspaceTimezone,
} from './shared.js';

export const NOTE_SAVED_MESSAGE = 'Anotação salva com sucesso!';
export const NOTE_UPDATED_MESSAGE = 'Anotação atualizada com sucesso!';
export const REMINDER_SET_MESSAGE = 'Lembrete definido com sucesso!';
export const REMINDER_CLEARED_MESSAGE = 'Lembrete removido com sucesso!';
export const TAGS_UPDATED_MESSAGE = 'Tags atualizadas com sucesso!';
export const NOTE_DELETED_MESSAGE = 'Anotação excluída com sucesso!';

const TAGS_MAX = 50;
const TAG_MAX_LENGTH = 50;

// The answer's shape is the contract's (shared with the web client).
export type NoteView = Note;

/** Tags as typed: a list, or one comma-separated string. */
const tagsInput = z.union([text(5000), z.array(text(TAG_MAX_LENGTH)).max(TAGS_MAX * 4)], {
  error: 'devem ser um texto separado por vírgulas ou uma lista',
});
/** 'YYYY-MM-DD HH:MM' (workspace time), an ISO instant with offset, or null/'' for none. */
const reminderInput = text(60).nullable();

const noteParams = z.strictObject({ noteId: idSchema });
const noteBody = z.strictObject({
  title: text(200),
  content: text(20000),
  reminder: reminderInput.optional(),
  tags: tagsInput.optional(),
  isPinned: bool().optional(),
});

function toView(doc: NoteDoc): NoteView {
  return {
    id: doc.id,
    authorId: doc.authorId,
    title: doc.title,
    content: doc.content,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    reminder: doc.reminder,
    isPinned: doc.isPinned,
    tags: [...doc.tags],
  };
}

const LOCAL_REMINDER = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})$/;

/**
 * The reminder as the decider takes it: the prompt's 'YYYY-MM-DD HH:MM' (or a datetime-local
 * 'YYYY-MM-DDTHH:MM') is read in the workspace's timezone; ISO instants pass through (the decider
 * checks them and answers the spec's 'Data inválida…' otherwise).
 */
async function toReminder(
  deps: GatewayDeps,
  ctx: RequestContext,
  value: string | null | undefined,
): Promise<string | null | undefined> {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  const local = LOCAL_REMINDER.exec(trimmed);
  if (!local) return trimmed;
  return parseReminderInput(`${local[1]} ${local[2]}`, await workspaceTimezone(deps, ctx.workspaceId));
}

/** Checks the tag limits before the decider (so the answer names the problem). */
function checkTags(tags: readonly string[] | string | undefined): void {
  if (tags === undefined) return;
  const normalised = normaliseTags(tags);
  if (normalised.length > TAGS_MAX) throw badRequest('NOTE_TAGS_TOO_MANY', `Máximo de ${TAGS_MAX} tags`);
  if (normalised.some((t) => t.length > TAG_MAX_LENGTH)) {
    throw badRequest('NOTE_TAG_TOO_LONG', `Cada tag deve ter no máximo ${TAG_MAX_LENGTH} caracteres`);
  }
}

/** The note of the signed-in member's workspace, or 404 (another workspace's note is not found). */
async function requireNote(deps: GatewayDeps, ctx: RequestContext, noteId: string): Promise<NoteDoc> {
  const doc = await getNote(deps.readModels.view('notes'), ctx.workspaceId, noteId);
  if (!doc) throw notFoundError(NOTE_NOT_FOUND_MESSAGE);
  return doc;
}

/** Runs a command on the note's stream and reads the note back. */
async function run(
  deps: GatewayDeps,
  ctx: RequestContext,
  noteId: string,
  command: NoteCommand,
  previous?: NoteDoc,
): Promise<NoteView> {
  const { newState } = await execute(deps, ctx, noteDecider, streams.note(noteId), command);
  const doc = await getNote(deps.readModels.view('notes'), ctx.workspaceId, noteId);
  if (doc) return toView(doc);
  return fromState(newState, previous);
}

/** Fallback when the read model is slower than the wait: the decider's state. */
function fromState(state: NoteState, previous?: NoteDoc): NoteView {
  if (state.status !== 'active') throw notFoundError(NOTE_NOT_FOUND_MESSAGE);
  const now = new Date().toISOString();
  const { note } = state;
  return {
    id: note.noteId,
    authorId: note.authorId,
    title: note.title,
    content: note.content,
    createdAt: previous?.createdAt ?? now,
    updatedAt: now,
    reminder: note.reminder,
    isPinned: note.isPinned,
    tags: [...note.tags],
  };
}

/** Anotações: the workspace's notes (spec §2 Note modals, §3 Note, §4, §5). */
export function notesRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/notes',
      summary: "The workspace's notes: pinned first, then newest updated first",
      tag: 'notes',
      auth: 'session',
      query: z.strictObject({ limit: limitQuery }),
      response: notesAnswerSchema,
      handler: async ({ query }, ctx) => {
        const { workspaceId } = requireCtx(ctx);
        const docs = await listNotes(deps.readModels.view('notes'), workspaceId, {
          ...(query.limit !== undefined ? { limit: query.limit } : {}),
        });
        return { success: true, notes: docs.map(toView) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/notes/:noteId',
      summary: 'One note',
      tag: 'notes',
      auth: 'session',
      params: noteParams,
      query: z.strictObject({}),
      response: noteFoundAnswerSchema,
      handler: async ({ params }, ctx) => ({
        success: true,
        note: toView(await requireNote(deps, requireCtx(ctx), params.noteId)),
      }),
    }),
    defineRoute({
      method: 'post',
      path: '/api/notes',
      summary:
        "Creates a note (title and content required; tags split on commas; reminder 'YYYY-MM-DD HH:MM')",
      tag: 'notes',
      auth: 'session',
      body: noteBody,
      status: 201,
      response: noteAnswerSchema,
      handler: async ({ body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        checkTags(body.tags);
        const noteId = newId();
        const reminder = await toReminder(deps, ctx, body.reminder);
        const note = await run(deps, ctx, noteId, {
          type: 'CreateNote',
          data: {
            noteId,
            authorId: ctx.userId,
            title: body.title,
            content: body.content,
            ...(reminder !== undefined ? { reminder } : {}),
            ...(body.tags !== undefined ? { tags: body.tags } : {}),
            ...(body.isPinned !== undefined ? { isPinned: body.isPinned } : {}),
          },
        });
        return { success: true, note, message: NOTE_SAVED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/notes/:noteId',
      summary: 'Edits a note (title and content required; reminder, tags and pin kept when left out)',
      tag: 'notes',
      auth: 'session',
      params: noteParams,
      body: noteBody,
      response: noteAnswerSchema,
      handler: async ({ params, body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const previous = await requireNote(deps, ctx, params.noteId);
        checkTags(body.tags);
        const reminder = await toReminder(deps, ctx, body.reminder);
        const note = await run(
          deps,
          ctx,
          params.noteId,
          {
            type: 'UpdateNote',
            data: {
              title: body.title,
              content: body.content,
              ...(reminder !== undefined ? { reminder } : {}),
              ...(body.tags !== undefined ? { tags: body.tags } : {}),
              ...(body.isPinned !== undefined ? { isPinned: body.isPinned } : {}),
            },
          },
          previous,
        );
        return { success: true, note, message: NOTE_UPDATED_MESSAGE };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/notes/:noteId/reminder',
      summary: "Sets ('YYYY-MM-DD HH:MM' in the workspace timezone, or ISO) or clears (null) the reminder",
      tag: 'notes',
      auth: 'session',
      params: noteParams,
      body: z.strictObject({ reminder: reminderInput }),
      response: noteAnswerSchema,
      handler: async ({ params, body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const previous = await requireNote(deps, ctx, params.noteId);
        const reminder = (await toReminder(deps, ctx, body.reminder)) ?? null;
        const note = await run(
          deps,
          ctx,
          params.noteId,
          { type: 'SetNoteReminder', data: { reminder } },
          previous,
        );
        return {
          success: true,
          note,
          message: reminder === null ? REMINDER_CLEARED_MESSAGE : REMINDER_SET_MESSAGE,
        };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/api/notes/:noteId/tags',
      summary: 'Replaces the tags (a list, or one comma-separated text)',
      tag: 'notes',
      auth: 'session',
      params: noteParams,
      body: z.strictObject({ tags: tagsInput }),
      response: noteAnswerSchema,
      handler: async ({ params, body }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const previous = await requireNote(deps, ctx, params.noteId);
        checkTags(body.tags);
        const note = await run(
          deps,
          ctx,
          params.noteId,
          { type: 'ChangeNoteTags', data: { tags: body.tags } },
          previous,
        );
        return { success: true, note, message: TAGS_UPDATED_MESSAGE };
      },
    }),
    ...(['pin', 'unpin'] as const).map((action) =>
      defineRoute({
        method: 'post',
        path: `/api/notes/:noteId/${action}`,
        summary: action === 'pin' ? 'Pins the note (listed first)' : 'Unpins the note',
        tag: 'notes',
        auth: 'session',
        params: noteParams,
        body: noBody,
        response: noteAnswerSchema,
        handler: async ({ params }, rawCtx) => {
          const ctx = requireCtx(rawCtx);
          const previous = await requireNote(deps, ctx, params.noteId);
          const note = await run(
            deps,
            ctx,
            params.noteId,
            action === 'pin' ? { type: 'PinNote', data: {} } : { type: 'UnpinNote', data: {} },
            previous,
          );
          return { success: true, note };
        },
      }),
    ),
    defineRoute({
      method: 'delete',
      path: '/api/notes/:noteId',
      summary: 'Deletes the note',
      tag: 'notes',
      auth: 'session',
      params: noteParams,
      body: noBody,
      response: noteDeletedAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        await requireNote(deps, ctx, params.noteId);
        await execute(deps, ctx, noteDecider, streams.note(params.noteId), { type: 'DeleteNote', data: {} });
        return { success: true, message: NOTE_DELETED_MESSAGE };
      },
    }),
  ];
}
