import { RecentAppends } from './recent-appends.js';

const FIELDS = ['content'];
const payload = (n: number) => ({ content: `mensagem ${n}`, chatId: 'ct_1' });
const stored = { chatId: 'ct_1', $sealed: { k: 'contact:w:x#1', c: '…' } };

describe('RecentAppends', () => {
  it('keeps nothing while nothing in this process follows the log', () => {
    const recent = new RecentAppends();
    recent.remember(1, 'e1', FIELDS, payload(1));
    expect(recent.size).toBe(0);
    expect(recent.plainData(1, 'e1', stored)).toBeUndefined();
  });

  it('keeps a payload until the slowest follower has read past it', () => {
    const recent = new RecentAppends();
    const fast = recent.follow(1);
    const slow = recent.follow(1);
    for (let p = 1; p <= 4; p += 1) recent.remember(p, `e${p}`, FIELDS, payload(p));
    recent.advanced(fast, 5);
    expect(recent.plainData(2, 'e2', stored)).toEqual(payload(2)); // the slow one still needs it
    recent.advanced(slow, 3);
    expect(recent.plainData(2, 'e2', stored)).toBeUndefined();
    expect(recent.plainData(3, 'e3', stored)).toEqual(payload(3));
    expect(recent.size).toBe(2);
    recent.unfollow(slow);
    expect(recent.size).toBe(0);
  });

  it('answers only for the event remembered at that position, as the sealed row plus the values', () => {
    const recent = new RecentAppends();
    recent.follow(1);
    recent.remember(7, 'e7', FIELDS, payload(7));
    expect(recent.plainData(7, 'another', stored)).toBeUndefined();
    expect(recent.plainData(7, 'e7', stored)).toEqual(payload(7));
  });

  it('drops the oldest past its limit, and everything when keys are destroyed', () => {
    const recent = new RecentAppends(3);
    recent.follow(0); // from the end: holds everything until its first page
    for (let p = 1; p <= 5; p += 1) recent.remember(p, `e${p}`, FIELDS, payload(p));
    expect(recent.size).toBe(3);
    expect(recent.plainData(2, 'e2', stored)).toBeUndefined();
    expect(recent.plainData(5, 'e5', stored)).toEqual(payload(5));
    recent.clear();
    expect(recent.plainData(5, 'e5', stored)).toBeUndefined();
  });
});
