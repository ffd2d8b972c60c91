import type { Conversation } from '../../api/types';
import { activityTimeOf, contactNameOf } from './row-format';

/** The filter chips: Todas / Não lidas / Grupos / Privadas. */
export type ConversationFilter = 'all' | 'unread' | 'groups' | 'private';
/** The sort selector: Mais recentes / Não lidas primeiro / Nome. */
export type ConversationSort = 'recent' | 'unread' | 'name';

export const FILTERS: readonly { value: ConversationFilter; label: string }[] = [
  { value: 'all', label: 'Todas' },
  { value: 'unread', label: 'Não lidas' },
  { value: 'groups', label: 'Grupos' },
  { value: 'private', label: 'Privadas' },
];

export const SORTS: readonly { value: ConversationSort; label: string }[] = [
  { value: 'recent', label: 'Mais recentes' },
  { value: 'unread', label: 'Não lidas primeiro' },
  { value: 'name', label: 'Nome' },
];

export function matchesFilter(conversation: Conversation, filter: ConversationFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'unread':
      return conversation.unreadCount > 0;
    case 'groups':
      return conversation.type === 'group';
    case 'private':
      return conversation.type !== 'group';
    default: {
      const never: never = filter;
      return never;
    }
  }
}

export type FilterCounts = Record<ConversationFilter, number>;

/** How many conversations each chip holds. */
export function countByFilter(conversations: readonly Conversation[]): FilterCounts {
  const counts: FilterCounts = { all: conversations.length, unread: 0, groups: 0, private: 0 };
  for (const conversation of conversations) {
    if (conversation.unreadCount > 0) counts.unread += 1;
    if (conversation.type === 'group') counts.groups += 1;
    else counts.private += 1;
  }
  return counts;
}

/** Lower case without accents: 'Reunião' and 'reuniao' match. */
const normalise = (text: string) =>
  text
    .toLocaleLowerCase('pt-BR')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '');
const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Case- and accent-insensitive search on the contact name, the phone (customer id / chat id; digits compared
 * without punctuation, so '+55 (11) 9' finds '55119…') and the last message. Blank matches all.
 */
export function matchesSearch(conversation: Conversation, query: string): boolean {
  const needle = normalise(query.trim());
  if (!needle) return true;
  const haystacks = [
    contactNameOf(conversation),
    conversation.customerId ?? '',
    conversation.chatId ?? '',
    conversation.lastMessage ?? '',
  ];
  if (haystacks.some((text) => normalise(text).includes(needle))) return true;
  const digits = digitsOf(needle);
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(needle)) {
    return (
      digitsOf(conversation.customerId ?? '').includes(digits) ||
      digitsOf(conversation.chatId ?? '').includes(digits)
    );
  }
  return false;
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

interface Keyed {
  conversation: Conversation;
  time: number;
  name: string;
}

const newestFirst = (a: Keyed, b: Keyed) => b.time - a.time || collator.compare(a.name, b.name);

const COMPARATORS: Record<ConversationSort, (a: Keyed, b: Keyed) => number> = {
  // Pinned first, then by the newest message.
  recent: (a, b) => Number(b.conversation.isPinned) - Number(a.conversation.isPinned) || newestFirst(a, b),
  // Conversations with unread messages first, then the newest.
  unread: (a, b) =>
    Number(b.conversation.unreadCount > 0) - Number(a.conversation.unreadCount > 0) || newestFirst(a, b),
  // Contact name in pt-BR collation (accents and case ignored), then the newest.
  name: (a, b) => collator.compare(a.name, b.name) || b.time - a.time,
};

/** A sorted copy (the keys are computed once per conversation, so 10,000 rows sort quickly). */
export function sortConversations(
  conversations: readonly Conversation[],
  sort: ConversationSort,
): Conversation[] {
  const keyed: Keyed[] = conversations.map((conversation) => ({
    conversation,
    time: activityTimeOf(conversation),
    name: contactNameOf(conversation),
  }));
  keyed.sort(COMPARATORS[sort]);
  return keyed.map((entry) => entry.conversation);
}

export interface ListQuery {
  search: string;
  filter: ConversationFilter;
  sort: ConversationSort;
}

/** What the list shows: searched, filtered by the chip and sorted. */
export function visibleConversations(
  conversations: readonly Conversation[],
  query: ListQuery,
): Conversation[] {
  const shown = conversations.filter(
    (conversation) => matchesFilter(conversation, query.filter) && matchesSearch(conversation, query.search),
  );
  return sortConversations(shown, query.sort);
}

/** '{n} conversa(s)' (spec §2). */
export const conversationCountText = (count: number): string => `${count} conversa(s)`;
