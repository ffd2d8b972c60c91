import type { ProjectionBatch } from '@atende/events';

/** Marks a deleted document or index entry inside a batch. */
export const DELETED: unique symbol = Symbol('deleted');
type Deleted = typeof DELETED;

/** What a batch hands its adapter to store at once. */
export interface BatchChanges {
  docs: Map<string, Map<string, unknown | Deleted>>;
  indexes: Map<string, Map<string, number | Deleted>>;
}

export type LoadDoc = (collection: string, id: string) => Promise<unknown>;
export type CommitChanges = (changes: BatchChanges, checkpoint: number) => Promise<void>;

function bucket<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = map.get(key);
  if (!inner) {
    inner = new Map();
    map.set(key, inner);
  }
  return inner;
}

/**
 * Collects a projection's writes in memory (reads see them) and hands them to the adapter in one
 * commit, so the data and the checkpoint change together or not at all.
 */
export class BufferedBatch implements ProjectionBatch {
  private readonly changes: BatchChanges = { docs: new Map(), indexes: new Map() };
  private committed = false;

  constructor(
    private readonly load: LoadDoc,
    private readonly store: CommitChanges,
  ) {}

  async get<T>(collection: string, id: string): Promise<T | undefined> {
    const pending = this.changes.docs.get(collection)?.get(id);
    if (pending === DELETED) return undefined;
    if (pending !== undefined) return pending as T;
    return (await this.load(collection, id)) as T | undefined;
  }

  put(collection: string, id: string, doc: unknown): void {
    bucket(this.changes.docs, collection).set(id, doc);
  }

  delete(collection: string, id: string): void {
    bucket(this.changes.docs, collection).set(id, DELETED);
  }

  indexPut(index: string, id: string, score: number): void {
    if (!Number.isFinite(score)) throw new TypeError(`Index ${index}: score must be finite, got ${score}`);
    bucket(this.changes.indexes, index).set(id, score);
  }

  indexDelete(index: string, id: string): void {
    bucket(this.changes.indexes, index).set(id, DELETED);
  }

  async commit(checkpoint: number): Promise<void> {
    if (this.committed) throw new Error('Batch already committed');
    this.committed = true;
    await this.store(this.changes, checkpoint);
  }
}
