/** A role started in this process: stopped (cleanly, in order) on SIGTERM. */
export interface RoleHandle {
  stop(): Promise<void>;
}

/** Closes resources in order, each tried even when one before failed; the first failure is rethrown. */
export async function closeInOrder(closers: readonly (() => Promise<unknown> | unknown)[]): Promise<void> {
  let failure: unknown;
  for (const close of closers) {
    try {
      await close();
    } catch (error) {
      failure ??= error;
    }
  }
  if (failure !== undefined) throw failure;
}
