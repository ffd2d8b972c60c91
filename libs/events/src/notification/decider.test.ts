import { spec } from '../testing/given-when-then.js';
import { notificationInboxDecider } from './decider.js';
import { notificationIdOf, parseNotificationId } from './notification-id.js';

const inbox = spec(notificationInboxDecider);
const read = (notificationId: string) =>
  ({ type: 'NotificationRead', data: { userId: 'u1', notificationId } }) as const;

describe('Notification inbox decider', () => {
  it('marks a notification read once', () => {
    inbox
      .given([])
      .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1:1' } })
      .then([read('n1:1')]);
    inbox
      .given([read('n1:1')])
      .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1:1' } })
      .then([]);
    // The next reminder of the same note is another notification.
    inbox
      .given([read('n1:1')])
      .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId: 'n1:2' } })
      .then([read('n1:2')]);
  });

  it('refuses an id that is not a notification', () => {
    for (const notificationId of ['n1', 'n1:0', 'n1:x', ':1', '']) {
      inbox
        .given([])
        .when({ type: 'MarkNotificationRead', data: { userId: 'u1', notificationId } })
        .thenThrows('NOTIFICATION_NOT_FOUND', 'Notificação não encontrada');
    }
  });

  it('clears up to an instant, only moving forward', () => {
    const cleared = {
      type: 'NotificationsCleared',
      data: { userId: 'u1', upTo: '2026-11-02T10:00:00.000Z' },
    } as const;
    inbox
      .given([])
      .when({ type: 'ClearNotifications', data: { userId: 'u1', upTo: '2026-11-02T07:00:00-03:00' } })
      .then([cleared]);
    inbox
      .given([cleared])
      .when({ type: 'ClearNotifications', data: { userId: 'u1', upTo: '2026-11-02T09:00:00.000Z' } })
      .then([]);
    inbox
      .given([cleared])
      .when({ type: 'ClearNotifications', data: { userId: 'u1', upTo: '2026-11-02T10:00:01.000Z' } })
      .then([{ type: 'NotificationsCleared', data: { userId: 'u1', upTo: '2026-11-02T10:00:01.000Z' } }]);
    inbox
      .given([])
      .when({ type: 'ClearNotifications', data: { userId: 'u1', upTo: 'ontem' } })
      .thenThrows('NOTIFICATIONS_CLEAR_INVALID');
  });
});

describe('notification ids', () => {
  it('are the note id and the reminder number', () => {
    expect(notificationIdOf('5f0c-aa', 3)).toBe('5f0c-aa:3');
    expect(parseNotificationId('5f0c-aa:3')).toEqual({ noteId: '5f0c-aa', seq: 3 });
    expect(parseNotificationId('seed:note:12')).toEqual({ noteId: 'seed:note', seq: 12 });
    expect(parseNotificationId('n1')).toBeUndefined();
    expect(parseNotificationId('n1:0')).toBeUndefined();
    expect(parseNotificationId('n/1:1')).toBeUndefined();
  });
});
