import { closeInOrder } from './role-handle.js';

describe('closeInOrder', () => {
  it('runs every step in order, even after one fails, and rethrows the first failure', async () => {
    const ran: string[] = [];
    const stop = closeInOrder([
      () => ran.push('a'),
      () => Promise.reject(new Error('b falhou')),
      () => ran.push('c'),
      () => {
        throw new Error('d falhou');
      },
    ]);
    await expect(stop).rejects.toThrow('b falhou');
    expect(ran).toEqual(['a', 'c']);
  });

  it('reports the steps that took a second or more, by their index', async () => {
    const slow: [number, number, string][] = [];
    await closeInOrder(
      [() => undefined, () => new Promise((resolve) => setTimeout(resolve, 1100)), () => undefined],
      { onSlow: (step, ms, ended) => slow.push([step, ms, ended]) },
    );
    expect(slow.map(([step, , ended]) => [step, ended])).toEqual([[1, 'finished']]);
    expect(slow[0]![1]).toBeGreaterThanOrEqual(1000);
  });

  it('goes on without a step that hangs past giveUpAfterMs, and says so', async () => {
    const ran: string[] = [];
    const slow: [number, string][] = [];
    await closeInOrder(
      [
        () => ran.push('a'),
        () => new Promise(() => undefined), // a connection a partition left hanging: never settles
        () => ran.push('c'),
      ],
      { giveUpAfterMs: 1200, onSlow: (step, _ms, ended) => slow.push([step, ended]) },
    );
    expect(ran).toEqual(['a', 'c']);
    expect(slow).toEqual([[1, 'given up']]);
  });
});
