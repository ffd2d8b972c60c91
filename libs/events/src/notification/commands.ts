export type NotificationCommand =
  | { type: 'MarkNotificationRead'; data: { userId: string; notificationId: string } }
  | { type: 'ClearNotifications'; data: { userId: string; upTo: string } };
