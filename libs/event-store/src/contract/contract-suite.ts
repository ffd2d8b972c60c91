/**
 * What the blocks of the EventStore contract suite (event-store-contract.ts) share: how the suite
 * reaches an adapter's storage, the store of the test that runs, and small helpers. The blocks are
 * in files of their own (append-read, writes, subscriptions, erasure) to keep each file readable.
 */
import type { EventStore, StoredEvent } from '@atende/events';
import { newId } from '@atende/events';

/** How the contract suite reaches one adapter's storage. */
export interface EventStoreHarness {
  /** Opens a new connection to the harness's storage (call twice for two independent writers). */
  open(): Promise<EventStore>;
  /** Environment that lets `child-writer.ts` open the same storage from another process. */
  childEnv(): Record<string, string>;
  /** Removes the storage. */
  cleanup(): Promise<void>;
}

/** What the contract gives its blocks. */
export interface ContractSuite {
  /** The store of the test that runs (valid in tests and `beforeEach`, not before). */
  store(): EventStore;
  /** Another connection to the same storage, closed after the test. */
  another(): Promise<EventStore>;
  /** The harness's `childEnv()`, for a writer in another process. */
  childEnv(): Record<string, string>;
}

export async function collect<T = StoredEvent>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const e of iterable) out.push(e);
  return out;
}

export function uniqueStream(prefix = 'note'): string {
  return `${prefix}-${newId()}`;
}
