import type { RawStoredEvent } from '@atende/events';
import { RecentEvents } from './recent-events.js';

const at = (globalPosition: number) => ({ globalPosition }) as RawStoredEvent;
const positions = (events: RawStoredEvent[] | undefined) => events?.map((e) => e.globalPosition);

describe('RecentEvents: the last appended events, for the live followers', () => {
  it('hands out a contiguous run from a position it holds, at most `limit` events', () => {
    const recent = new RecentEvents(8);
    for (let p = 1; p <= 5; p += 1) recent.add(at(p));
    expect(positions(recent.from(2, 3))).toEqual([2, 3, 4]);
    expect(positions(recent.from(5, 10))).toEqual([5]);
    expect(recent.from(6, 10)).toBeUndefined(); // not appended yet: the follower waits or reads the file
  });

  it('keeps between `max` and a quarter more: older positions are read from the file', () => {
    const recent = new RecentEvents(8);
    for (let p = 1; p <= 10; p += 1) recent.add(at(p));
    expect(positions(recent.from(1, 20))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    recent.add(at(11)); // 11 > 8 + 2: trimmed to the latest 8
    expect(recent.from(3, 20)).toBeUndefined();
    expect(positions(recent.from(4, 20))).toEqual([4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('starts again after a gap (another process appended in between)', () => {
    const recent = new RecentEvents(8);
    recent.add(at(1));
    recent.add(at(2));
    recent.add(at(5));
    expect(recent.from(1, 10)).toBeUndefined();
    expect(positions(recent.from(5, 10))).toEqual([5]);
  });
});
