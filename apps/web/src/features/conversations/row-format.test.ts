import { conversation } from './test/conversation-fixtures';
import {
  contactNameOf,
  formatRelativeTime,
  formatUnreadBadge,
  lastMessageTextOf,
  mediaLabelOf,
  platformLabelOf,
  readStateOf,
} from './row-format';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A fixed "now": 10 March 2025, 15:30 local time. */
const now = new Date(2025, 2, 10, 15, 30).getTime();
const ago = (ms: number) => new Date(now - ms).toISOString();
const pad = (n: number) => String(n).padStart(2, '0');
const hhmm = (ms: number) => {
  const date = new Date(ms);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

describe('formatRelativeTime (spec §4 time labels)', () => {
  it("reads 'Agora' under one hour", () => {
    expect(formatRelativeTime(ago(0), now)).toBe('Agora');
    expect(formatRelativeTime(ago(59 * MINUTE + 59_000), now)).toBe('Agora');
  });

  it('reads the time of day (HH:MM) from one hour to under 24 h', () => {
    expect(formatRelativeTime(ago(HOUR), now)).toBe(hhmm(now - HOUR));
    expect(formatRelativeTime(ago(HOUR), now)).toBe('14:30');
    expect(formatRelativeTime(ago(24 * HOUR - MINUTE), now)).toBe(hhmm(now - 24 * HOUR + MINUTE));
  });

  it("reads 'Ontem' from 24 h to under 48 h", () => {
    expect(formatRelativeTime(ago(24 * HOUR), now)).toBe('Ontem');
    expect(formatRelativeTime(ago(48 * HOUR - 1_000), now)).toBe('Ontem');
  });

  it('reads day/month from 48 h on', () => {
    expect(formatRelativeTime(ago(48 * HOUR), now)).toBe('08/03');
    expect(formatRelativeTime(new Date(2024, 11, 25, 9, 0).toISOString(), now)).toBe('25/12');
  });

  it("reads a time in the future as 'Agora' and no time as ''", () => {
    expect(formatRelativeTime(new Date(now + 5 * MINUTE).toISOString(), now)).toBe('Agora');
    expect(formatRelativeTime(null, now)).toBe('');
    expect(formatRelativeTime('não é data', now)).toBe('');
  });

  it('formats in the given time zone (pt-BR, 24 h)', () => {
    const utcNow = Date.parse('2025-03-10T20:00:00.000Z');
    expect(formatRelativeTime('2025-03-10T12:05:00.000Z', utcNow, 'America/Sao_Paulo')).toBe('09:05');
    expect(formatRelativeTime('2025-03-01T02:00:00.000Z', utcNow, 'America/Sao_Paulo')).toBe('28/02');
    expect(formatRelativeTime('2025-03-01T02:00:00.000Z', utcNow, 'UTC')).toBe('01/03');
  });
});

describe('readStateOf (spec §4 row read indicator)', () => {
  const row = (unreadCount: number, age: number) => ({ unreadCount, lastTimestamp: ago(age) });

  it('shows the unread dot whenever there are unread messages', () => {
    expect(readStateOf(row(1, 0), now)).toBe('unread');
    expect(readStateOf(row(3, 10 * HOUR), now)).toBe('unread');
  });

  it('otherwise goes by age: single check < 1 min, light double < 5 min, darker double after', () => {
    expect(readStateOf(row(0, 0), now)).toBe('sent');
    expect(readStateOf(row(0, MINUTE - 1), now)).toBe('sent');
    expect(readStateOf(row(0, MINUTE), now)).toBe('delivered');
    expect(readStateOf(row(0, 5 * MINUTE - 1), now)).toBe('delivered');
    expect(readStateOf(row(0, 5 * MINUTE), now)).toBe('read');
    expect(readStateOf(row(0, 30 * HOUR), now)).toBe('read');
    expect(readStateOf({ unreadCount: 0, lastTimestamp: null }, now)).toBe('read');
  });
});

describe('formatUnreadBadge', () => {
  it("shows the count up to 9 and '9+' above", () => {
    expect(formatUnreadBadge(0)).toBeNull();
    expect(formatUnreadBadge(-2)).toBeNull();
    expect(formatUnreadBadge(1)).toBe('1');
    expect(formatUnreadBadge(9)).toBe('9');
    expect(formatUnreadBadge(10)).toBe('9+');
    expect(formatUnreadBadge(250)).toBe('9+');
  });
});

describe('row texts', () => {
  it('labels the media of the last message from mediaType or lastMessageType', () => {
    expect(mediaLabelOf(conversation({ id: 'a', hasMedia: true, mediaType: 'image' }))).toBe('Imagem');
    expect(mediaLabelOf(conversation({ id: 'a', lastMessageType: 'audio' }))).toBe('Áudio');
    expect(mediaLabelOf(conversation({ id: 'a', hasMedia: true, mediaType: 'video' }))).toBe('Vídeo');
    expect(mediaLabelOf(conversation({ id: 'a', lastMessageType: 'document' }))).toBe('Documento');
    expect(mediaLabelOf(conversation({ id: 'a', lastMessageType: 'text' }))).toBeNull();
  });

  it("shows the last message, the media label without text, or 'Nenhuma mensagem'", () => {
    expect(lastMessageTextOf(conversation({ id: 'a', lastMessage: 'Oi!' }))).toBe('Oi!');
    expect(
      lastMessageTextOf(conversation({ id: 'a', lastMessage: '', mediaType: 'image', hasMedia: true })),
    ).toBe('Imagem');
    expect(lastMessageTextOf(conversation({ id: 'a', lastMessage: '', lastMessageType: null }))).toBe(
      'Nenhuma mensagem',
    );
  });

  it("names the contact, 'Contato' when nameless, and the platform", () => {
    expect(contactNameOf(conversation({ id: 'a', name: 'Maria' }))).toBe('Maria');
    expect(
      contactNameOf(
        conversation({ id: 'a', name: ' ', contactName: '', customerName: '', conversationName: '' }),
      ),
    ).toBe('Contato');
    expect(platformLabelOf(conversation({ id: 'a' }))).toBe('WhatsApp');
  });
});
