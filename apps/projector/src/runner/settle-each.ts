/**
 * Runs `fn` on every item, side by side (`concurrent`) or one after the other, and reports each
 * outcome in the items' order; a failure does not stop the others, and nothing is thrown.
 */
export async function settleEach<T, R>(
  items: readonly T[],
  fn: (item: T, index: number) => Promise<R>,
  concurrent: boolean,
): Promise<PromiseSettledResult<R>[]> {
  if (concurrent) return Promise.allSettled(items.map(fn));
  const outcomes: PromiseSettledResult<R>[] = [];
  for (const [index, item] of items.entries()) {
    try {
      outcomes.push({ status: 'fulfilled', value: await fn(item, index) });
    } catch (reason) {
      outcomes.push({ status: 'rejected', reason });
    }
  }
  return outcomes;
}
