const MICROTASK_PROBES = 8;

/**
 * Groups an async iterable into arrays of at most `maxSize`, handing over what it has as soon as the
 * source would wait (for I/O or a timer): big batches while catching up, small ones when live.
 */
export async function* batched<T>(source: AsyncIterable<T>, maxSize: number): AsyncGenerator<T[]> {
  const iterator = source[Symbol.asyncIterator]();
  let batch: T[] = [];
  let pending: Promise<IteratorResult<T>> | undefined;
  try {
    for (;;) {
      let settled = false;
      if (!pending) {
        pending = iterator.next();
        void pending.then(
          () => (settled = true),
          () => (settled = true),
        );
      }
      if (batch.length > 0) {
        // Let already-available items arrive; if none did after a few microtasks, the source is waiting.
        for (let i = 0; i < MICROTASK_PROBES && !settled; i += 1) await null;
        if (!settled) {
          yield batch;
          batch = [];
          continue;
        }
      }
      const next = await pending;
      pending = undefined;
      if (next.done) break;
      batch.push(next.value);
      if (batch.length >= maxSize) {
        yield batch;
        batch = [];
      }
    }
    if (batch.length > 0) yield batch;
  } finally {
    await iterator.return?.();
  }
}
