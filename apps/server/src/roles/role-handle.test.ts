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
    const slow: [number, number][] = [];
    await closeInOrder(
      [() => undefined, () => new Promise((resolve) => setTimeout(resolve, 1100)), () => undefined],
      (step, ms) => slow.push([step, ms]),
    );
    expect(slow.map(([step]) => step)).toEqual([1]);
    expect(slow[0]![1]).toBeGreaterThanOrEqual(1000);
  });
});
