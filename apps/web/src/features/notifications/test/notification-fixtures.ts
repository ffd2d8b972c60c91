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
