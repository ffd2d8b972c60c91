import { apiRequest } from '../../api/client';

/** A reminder notification as GET /api/notifications answers it (spec §3 Notification: id, timestamp, read). */
export interface AppNotification {
  id: string;
  noteId: string;
  title: string;
  /** 'Lembrete: {title}'. */
  message: string;
  /** ISO: the reminder the note asked for. */
  reminder: string;
  /** ISO: when it became due (newest first). */
  timestamp: string;
  read: boolean;
}

export interface NotificationList {
  notifications: AppNotification[];
  unreadCount: number;
}

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
