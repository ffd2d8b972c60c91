import { settleEach } from './settle-each.js';

describe('settleEach', () => {
  const work = (log: string[]) => async (item: string, index: number) => {
    log.push(`start ${item}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    log.push(`end ${item}`);
    if (item === 'b') throw new Error('b failed');
    return `${item}${index}`;
  };

  it('one after the other: each finishes before the next starts, a failure does not stop the rest', async () => {
    const log: string[] = [];
    const outcomes = await settleEach(['a', 'b', 'c'], work(log), false);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 'a0' },
      { status: 'rejected', reason: new Error('b failed') },
      { status: 'fulfilled', value: 'c2' },
    ]);
  });

  it('side by side: all start at once, outcomes in the items order', async () => {
    const log: string[] = [];
    const outcomes = await settleEach(['a', 'b', 'c'], work(log), true);
    expect(log.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
