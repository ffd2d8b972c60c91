import { conversation } from '../realtime/test/test-gateway';
import { unreadShift } from './unreadShift';

const rows = (...list: { id: string; unreadCount: number }[]) =>
  Object.fromEntries(list.map(({ id, unreadCount }) => [id, conversation({ id, unreadCount })]));
const plain = { joined: false, left: false };

describe('unreadShift', () => {
  it('counts the difference of the rows in both views', () => {
    const before = rows({ id: 'a', unreadCount: 2 }, { id: 'b', unreadCount: 0 });
    expect(unreadShift(before, rows({ id: 'a', unreadCount: 3 }, { id: 'b', unreadCount: 0 }), plain)).toBe(
      1,
    );
    expect(unreadShift(before, rows({ id: 'a', unreadCount: 0 }, { id: 'b', unreadCount: 4 }), plain)).toBe(
      2,
    );
  });

  it('counts a row that joined only when it is a pushed one', () => {
    const before = rows({ id: 'a', unreadCount: 1 });
    const after = rows({ id: 'a', unreadCount: 1 }, { id: 'novo', unreadCount: 2 });
    expect(unreadShift(before, after, { joined: true, left: false })).toBe(2);
    // An undone archive brings the row back: the server's total never lost it.
    expect(unreadShift(before, after, plain)).toBe(0);
  });

  it('counts a row that left only when the server took it away (an archived one stays counted)', () => {
    const before = rows({ id: 'a', unreadCount: 1 }, { id: 'b', unreadCount: 5 });
    const after = rows({ id: 'a', unreadCount: 1 });
    expect(unreadShift(before, after, { joined: false, left: true })).toBe(-5);
    expect(unreadShift(before, after, plain)).toBe(0);
  });
});
