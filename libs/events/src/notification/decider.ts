import type { Decider } from '../core/decider.js';
import { assertNever } from '../core/decider.js';
import { DomainError } from '../core/errors.js';
import type { NotificationCommand } from './commands.js';
import type { NotificationEvent } from './events.js';
import { parseNotificationId } from './notification-id.js';

/** One member's reminder notifications in one workspace (stream `notifications-{workspaceId}-{userId}`). */
export interface NotificationInboxState {
  /** Notifications already opened. */
  read: ReadonlySet<string>;
  /** ISO instant of the last 'Limpar': what was due until then is gone. */
  clearedUpTo: string | null;
}

export const NOTIFICATION_NOT_FOUND_MESSAGE = 'Notificação não encontrada';

function decide(command: NotificationCommand, state: NotificationInboxState): NotificationEvent[] {
  switch (command.type) {
    case 'MarkNotificationRead': {
      const { userId, notificationId } = command.data;
      if (!parseNotificationId(notificationId)) {
        throw new DomainError('NOTIFICATION_NOT_FOUND', NOTIFICATION_NOT_FOUND_MESSAGE);
      }
      return state.read.has(notificationId)
        ? []
        : [{ type: 'NotificationRead', data: { userId, notificationId } }];
    }
    case 'ClearNotifications': {
      const at = Date.parse(command.data.upTo);
      if (Number.isNaN(at)) throw new DomainError('NOTIFICATIONS_CLEAR_INVALID', 'Data inválida');
      if (state.clearedUpTo !== null && at <= Date.parse(state.clearedUpTo)) return [];
      return [
        {
          type: 'NotificationsCleared',
          data: { userId: command.data.userId, upTo: new Date(at).toISOString() },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

function evolve(state: NotificationInboxState, event: NotificationEvent): NotificationInboxState {
  switch (event.type) {
    case 'NotificationRead':
      return { ...state, read: new Set(state.read).add(event.data.notificationId) };
    case 'NotificationsCleared':
      return { ...state, clearedUpTo: event.data.upTo };
    default:
      return assertNever(event);
  }
}

export const notificationInboxDecider: Decider<
  NotificationCommand,
  NotificationEvent,
  NotificationInboxState
> = {
  initialState: () => ({ read: new Set(), clearedUpTo: null }),
  decide,
  evolve,
};
