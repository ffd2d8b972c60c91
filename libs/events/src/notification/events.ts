import { z } from 'zod';
import { defineEvent, type EventOf } from '../core/define-event.js';
import { NOTIFICATION_ID_PATTERN } from './notification-id.js';

/** The member opened one of their reminder notifications. */
export const NotificationRead = defineEvent(
  'NotificationRead',
  z.object({ userId: z.string().min(1), notificationId: z.string().regex(NOTIFICATION_ID_PATTERN) }),
);

/** 'Limpar': every notification that was due at `upTo` leaves the member's list. */
export const NotificationsCleared = defineEvent(
  'NotificationsCleared',
  z.object({ userId: z.string().min(1), upTo: z.string().datetime({ offset: true }) }),
);

export const notificationEventDefinitions = [NotificationRead, NotificationsCleared] as const;

export type NotificationEvent = EventOf<typeof NotificationRead> | EventOf<typeof NotificationsCleared>;
