/** Polls `probe` until it gives a value (not undefined), or throws after `timeoutMs`. */
export async function eventually<T>(
  probe: () => Promise<T | undefined>,
  timeoutMs = 5000,
  intervalMs = 50,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}
