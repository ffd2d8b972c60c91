import { z } from 'zod';
import {
  NOTIFICATION_ID_PATTERN,
  NOTIFICATION_NOT_FOUND_MESSAGE,
  notificationInboxDecider,
  streams,
} from '@atende/events';
import {
  notificationAnswerSchema,
  notificationsAnswerSchema,
  notificationsClearedAnswerSchema,
  type Notification,
} from '@atende/api-contract';
import { getNotification, listNotifications, type UserNotification } from '@atende/projector';
import { execute } from '../../commands/execute.js';
import type { GatewayDeps } from '../../http/gateway-deps.js';
import { defineRoute, type RouteDefinition } from '../../http/route.js';
import { limitQuery, noBody, notFoundError, requireCtx } from './shared.js';

export const NOTIFICATIONS_CLEARED_MESSAGE = 'Notificações removidas';

// The answer's shape is the contract's (shared with the web client).
export type NotificationView = Notification;

const notificationParams = z.strictObject({
  notificationId: z.string().regex(NOTIFICATION_ID_PATTERN, { error: 'identificador inválido' }),
});

function toView(n: UserNotification): NotificationView {
  return {
    id: n.id,
    noteId: n.noteId,
    title: n.title,
    message: `Lembrete: ${n.title}`,
    reminder: n.reminder,
    timestamp: n.dueAt,
    read: n.read,
  };
}

const view = (deps: GatewayDeps) => deps.readModels.view('notifications');

/**
 * Notificações (spec §3 Notification, §4: added newest first, marked read, cleared): a note's
 * reminder notifies the note's author — only them, in the workspace of the note — once it is due.
 * Due is decided at read time (reminder ≤ now); read marks and 'Limpar' are events on the member's
 * own `notifications-{workspaceId}-{userId}` stream. The member always comes from the session.
 */
export function notificationsRoutes(deps: GatewayDeps): RouteDefinition[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/notifications',
      summary: "The signed-in member's due reminder notifications, newest first, and the unread count",
      tag: 'notifications',
      auth: 'session',
      query: z.strictObject({ limit: limitQuery }),
      response: notificationsAnswerSchema,
      handler: async ({ query }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const { notifications, unreadCount } = await listNotifications(
          view(deps),
          ctx.workspaceId,
          ctx.userId,
          {
            now: Date.now(),
            ...(query.limit !== undefined ? { limit: query.limit } : {}),
          },
        );
        return { success: true, notifications: notifications.map(toView), unreadCount };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/notifications/:notificationId/read',
      summary: 'Marks one of my notifications read',
      tag: 'notifications',
      auth: 'session',
      params: notificationParams,
      body: noBody,
      response: notificationAnswerSchema,
      handler: async ({ params }, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const { notificationId } = params;
        const current = await getNotification(
          view(deps),
          ctx.workspaceId,
          ctx.userId,
          notificationId,
          Date.now(),
        );
        if (!current) throw notFoundError(NOTIFICATION_NOT_FOUND_MESSAGE);
        if (!current.read) {
          await execute(
            deps,
            ctx,
            notificationInboxDecider,
            streams.notifications(ctx.workspaceId, ctx.userId),
            { type: 'MarkNotificationRead', data: { userId: ctx.userId, notificationId } },
          );
        }
        return { success: true, notification: toView({ ...current, read: true }) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/notifications/clear',
      summary: "'Limpar': removes every notification due now from my list (later reminders notify again)",
      tag: 'notifications',
      auth: 'session',
      body: noBody,
      response: notificationsClearedAnswerSchema,
      handler: async (_input, rawCtx) => {
        const ctx = requireCtx(rawCtx);
        const now = Date.now();
        const { total } = await listNotifications(view(deps), ctx.workspaceId, ctx.userId, {
          now,
          limit: 1,
        });
        // Nothing listed: nothing to clear, nothing written.
        if (total > 0) {
          await execute(
            deps,
            ctx,
            notificationInboxDecider,
            streams.notifications(ctx.workspaceId, ctx.userId),
            { type: 'ClearNotifications', data: { userId: ctx.userId, upTo: new Date(now).toISOString() } },
          );
        }
        return { success: true, cleared: total, message: NOTIFICATIONS_CLEARED_MESSAGE };
      },
    }),
  ];
}
