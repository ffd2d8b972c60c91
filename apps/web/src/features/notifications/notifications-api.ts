import type { Notification as AppNotification, NotificationsAnswer } from '@atende/api-contract';
import { apiRequest } from '../../api/client';

// A reminder notification as GET /api/notifications answers it: the contract shared with the gateway
// (types only: no zod in the bundle), named apart from the DOM's Notification.
export type { AppNotification };

export type NotificationList = Omit<NotificationsAnswer, 'success'>;

export async function fetchNotifications(signal?: AbortSignal): Promise<NotificationList> {
  const answer = await apiRequest<Partial<NotificationList>>('/api/notifications', { signal });
  return {
    notifications: Array.isArray(answer.notifications) ? answer.notifications : [],
    unreadCount: typeof answer.unreadCount === 'number' ? answer.unreadCount : 0,
  };
}

export async function markNotificationRead(id: string): Promise<void> {
  await apiRequest(`/api/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' });
}

export async function clearNotifications(): Promise<void> {
  await apiRequest('/api/notifications/clear', { method: 'POST' });
}
