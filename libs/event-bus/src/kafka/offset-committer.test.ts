import { OffsetCommitter, type PartitionOffset } from './offset-committer.js';

describe('OffsetCommitter', () => {
  let sent: PartitionOffset[][];
  let fail: boolean;
  const committer = (intervalMs = 1000) =>
    new OffsetCommitter(
      async (offsets) => {
        sent.push(offsets);
        if (fail) throw new Error('rebalanced');
      },
      'events',
      intervalMs,
    );

  beforeEach(() => {
    sent = [];
    fail = false;
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('commits the latest batch of each partition once per interval, not once per batch', async () => {
    const c = committer();
    c.taken(0, '9');
    c.taken(0, '19');
    c.taken(1, '4');
    await jest.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      [
        { topic: 'events', partition: 0, offset: '20' },
        { topic: 'events', partition: 1, offset: '5' },
      ],
    ]);
    c.taken(0, '29');
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual([{ topic: 'events', partition: 0, offset: '30' }]);
    // Nothing taken since: no commit.
    await jest.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(2);
  });

  it('commits what is pending at once when flushed (a consumer stopping), and nothing twice', async () => {
    const c = committer();
    c.taken(0, '41');
    await c.flush();
    expect(sent).toEqual([[{ topic: 'events', partition: 0, offset: '42' }]]);
    await jest.advanceTimersByTimeAsync(2000);
    await c.flush();
    expect(sent).toHaveLength(1);
  });

  it('offsets past 2^53 stay exact', async () => {
    const c = committer();
    c.taken(0, '9007199254740993');
    await c.flush();
    expect(sent[0]![0]!.offset).toBe('9007199254740994');
  });

  it('drops a commit that failed; the next batch taken commits past it', async () => {
    const c = committer();
    fail = true;
    c.taken(0, '5');
    await expect(c.flush()).resolves.toBeUndefined();
    fail = false;
    await jest.advanceTimersByTimeAsync(5000);
    expect(sent).toHaveLength(1);
    c.taken(0, '7');
    await jest.advanceTimersByTimeAsync(1000);
    expect(sent[1]).toEqual([{ topic: 'events', partition: 0, offset: '8' }]);
  });
});
