interface Waiting<I, V> {
  input: I;
  promise: Promise<V>;
  resolve: (value: V) => void;
  reject: (error: unknown) => void;
}

/**
 * Requests made together, handled in one batch at the next turn of the event loop (the key stores:
 * the keys of a burst of new customers in one commit). Asking twice under one name waits once, with
 * the first input; a failed batch fails every request in it.
 */
export class BatchSoon<I, V> {
  private pending: Map<string, Waiting<I, V>> | undefined;

  constructor(private readonly run: (inputs: I[]) => V[] | Promise<V[]>) {}

  ask(name: string, input: I): Promise<V> {
    let batch = this.pending;
    if (!batch) {
      batch = this.pending = new Map();
      setImmediate(() => void this.flush());
    }
    const asked = batch.get(name);
    if (asked) return asked.promise;
    let resolve!: (value: V) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<V>((res, rej) => ((resolve = res), (reject = rej)));
    batch.set(name, { input, promise, resolve, reject });
    return promise;
  }

  /** Handles what is waiting now (the next turn's run then finds nothing): before closing. */
  async flush(): Promise<void> {
    const batch = this.pending;
    if (!batch) return;
    this.pending = undefined;
    const waiting = [...batch.values()];
    try {
      const values = await this.run(waiting.map((w) => w.input));
      waiting.forEach((w, i) => w.resolve(values[i]!));
    } catch (error) {
      for (const w of waiting) w.reject(error);
    }
  }
}
