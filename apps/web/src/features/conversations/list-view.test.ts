import { conversation } from './test/conversation-fixtures';
import {
  conversationCountText,
  countByFilter,
  matchesSearch,
  sortConversations,
  visibleConversations,
} from './list-view';

const rows = [
  conversation({
    id: 'ana',
    name: 'Ana Lima',
    customerId: '5511988887777',
    lastMessage: 'Quero saber do pedido',
    lastTimestamp: '2025-03-10T10:00:00.000Z',
    unreadCount: 2,
  }),
  conversation({
    id: 'equipe',
    name: 'Equipe Vendas',
    type: 'group',
    customerId: '120363000000@g.us',
    lastMessage: 'Reunião amanhã',
    lastTimestamp: '2025-03-10T12:00:00.000Z',
  }),
  conversation({
    id: 'eliana',
    name: 'Éliana Costa',
    customerId: '5521977776666',
    lastMessage: 'Obrigada!',
    lastTimestamp: '2025-03-09T08:00:00.000Z',
    isPinned: true,
  }),
  conversation({
    id: 'bruno',
    name: 'bruno',
    customerId: '5531966665555',
    lastMessage: 'PEDIDO entregue',
    lastTimestamp: '2025-03-10T11:00:00.000Z',
    unreadCount: 12,
  }),
];

const ids = (list: { id: string }[]) => list.map((row) => row.id);

describe('search', () => {
  it('matches name, phone and last message, ignoring case', () => {
    expect(ids(rows.filter((row) => matchesSearch(row, 'ANA')))).toEqual(['ana', 'eliana']);
    expect(ids(rows.filter((row) => matchesSearch(row, 'pedido')))).toEqual(['ana', 'bruno']);
    expect(ids(rows.filter((row) => matchesSearch(row, '5521977')))).toEqual(['eliana']);
    expect(ids(rows.filter((row) => matchesSearch(row, '+55 (31) 9666')))).toEqual(['bruno']);
    expect(ids(rows.filter((row) => matchesSearch(row, 'reunião')))).toEqual(['equipe']);
    expect(ids(rows.filter((row) => matchesSearch(row, 'REUNIAO')))).toEqual(['equipe']);
    expect(ids(rows.filter((row) => matchesSearch(row, 'eliana')))).toEqual(['eliana']);
    expect(ids(rows.filter((row) => matchesSearch(row, '  ')))).toHaveLength(4);
    expect(rows.filter((row) => matchesSearch(row, 'zzz'))).toHaveLength(0);
  });
});

describe('filter chips', () => {
  it('counts Todas / Não lidas / Grupos / Privadas', () => {
    expect(countByFilter(rows)).toEqual({ all: 4, unread: 2, groups: 1, private: 3 });
    expect(countByFilter([])).toEqual({ all: 0, unread: 0, groups: 0, private: 0 });
  });

  it('keeps the rows of the chosen chip, combined with the search', () => {
    const view = (filter: 'all' | 'unread' | 'groups' | 'private', search = '') =>
      ids(visibleConversations(rows, { filter, search, sort: 'name' }));
    expect(view('unread')).toEqual(['ana', 'bruno']);
    expect(view('groups')).toEqual(['equipe']);
    expect(view('private')).toEqual(['ana', 'bruno', 'eliana']);
    expect(view('unread', 'bruno')).toEqual(['bruno']);
    expect(view('groups', 'ana')).toEqual([]);
  });
});

describe('sort', () => {
  it('Mais recentes: pinned first, then the newest message', () => {
    expect(ids(sortConversations(rows, 'recent'))).toEqual(['eliana', 'equipe', 'bruno', 'ana']);
  });

  it('Não lidas primeiro: unread conversations first, newest first within each group', () => {
    expect(ids(sortConversations(rows, 'unread'))).toEqual(['bruno', 'ana', 'equipe', 'eliana']);
  });

  it('Nome: pt-BR collation (accents and case do not matter)', () => {
    expect(ids(sortConversations(rows, 'name'))).toEqual(['ana', 'bruno', 'eliana', 'equipe']);
  });

  it('does not change the given list', () => {
    const copy = [...rows];
    sortConversations(rows, 'name');
    expect(rows).toEqual(copy);
  });
});

it("counts '{n} conversa(s)'", () => {
  expect(conversationCountText(1)).toBe('1 conversa(s)');
  expect(conversationCountText(10000)).toBe('10000 conversa(s)');
});
