import type { Readable } from 'node:stream';

export interface DrainOptions {
  /** Ends the iteration (the caller stops the source). */
  signal?: AbortSignal;
  /** Items buffered before the source is paused; default 1000. */
  highWaterMark?: number;
}

/**
 * The items of an object-mode Readable (a live subscription) as an async iterator that also ends
 * when `signal` aborts, even if the source never ends (a cancelled gRPC call does not always end
 * its stream). A source error is thrown after the items that came before it.
 */
export async function* drainReadable<T>(source: Readable, options: DrainOptions = {}): AsyncGenerator<T> {
  const { signal } = options;
  const highWaterMark = Math.max(1, options.highWaterMark ?? 1000);
  const buffer: T[] = [];
  let head = 0;
  let ended = false;
  let failure: { error: unknown } | undefined;
  let wake: (() => void) | undefined;
  const notify = () => {
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const onData = (item: T) => {
    buffer.push(item);
    if (buffer.length - head >= highWaterMark) source.pause();
    notify();
  };
  const onEnd = () => {
    ended = true;
    notify();
  };
  const onError = (error: unknown) => {
    failure ??= { error };
    notify();
  };
  source.on('data', onData);
  source.on('end', onEnd);
  source.on('close', onEnd);
  source.on('error', onError);
  signal?.addEventListener('abort', notify);
  try {
    for (;;) {
      if (signal?.aborted) return;
      if (head < buffer.length) {
        const item = buffer[head]!;
        head += 1;
        if (head === buffer.length) {
          buffer.length = 0;
          head = 0;
        }
        if (source.isPaused() && buffer.length - head < highWaterMark / 2) source.resume();
        yield item;
        continue;
      }
      if (failure !== undefined) throw failure.error;
      if (ended) return;
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    source.off('data', onData);
    source.off('end', onEnd);
    source.off('close', onEnd);
    source.off('error', onError);
    // An error the source emits after the caller let go (its cancellation) must not crash the process.
    if (source.listenerCount('error') === 0) source.on('error', () => {});
    signal?.removeEventListener('abort', notify);
  }
}
