import { http, HttpResponse } from 'msw';
import type { AppNotification } from '../notifications-api';

export const notification = (n: number, overrides: Partial<AppNotification> = {}): AppNotification => ({
  id: `n${n}:1`,
  noteId: `n${n}`,
  title: `Nota ${n}`,
  message: `Lembrete: Nota ${n}`,
  reminder: `2026-11-0${n}T12:00:00.000Z`,
  timestamp: `2026-11-0${n}T12:00:00.000Z`,
  read: false,
  ...overrides,
});

/** Holds the answers of the notifications' GET while `hold` (release() lets the waiting one go). */
export interface NotificationsGate {
  hold: boolean;
  release: () => void;
}

/**
 * The notifications API (msw handlers) over the list a test holds: a read or 'Limpar' changes it.
 * Each call is recorded in `calls` ('GET', 'READ <id>', 'CLEAR').
 */
export function notificationHandlers(
  list: { get(): AppNotification[]; set(next: AppNotification[]): void },
  calls: string[],
  gate?: NotificationsGate,
) {
  return [
    http.get('/api/notifications', async () => {
      calls.push('GET');
      const notifications = list.get();
      const answer = {
        success: true,
        notifications,
        unreadCount: notifications.filter((n) => !n.read).length,
      };
      if (gate?.hold) await new Promise<void>((resolve) => (gate.release = resolve));
      return HttpResponse.json(answer);
    }),
    http.post('/api/notifications/:id/read', ({ params }) => {
      calls.push(`READ ${String(params.id)}`);
      list.set(list.get().map((n) => (n.id === params.id ? { ...n, read: true } : n)));
      return HttpResponse.json({ success: true, notification: list.get().find((n) => n.id === params.id) });
    }),
    http.post('/api/notifications/clear', () => {
      calls.push('CLEAR');
      const cleared = list.get().length;
      list.set([]);
      return HttpResponse.json({ success: true, cleared, message: 'Notificações removidas' });
    }),
  ];
}
