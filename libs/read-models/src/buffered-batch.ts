import type { ProjectionBatch } from '@atende/events';

/** Marks a deleted document or index entry inside a batch. */
export const DELETED: unique symbol = Symbol('deleted');
type Deleted = typeof DELETED;

/** What a batch hands its adapter to store at once. */
export interface BatchChanges {
  docs: Map<string, Map<string, unknown | Deleted>>;
  indexes: Map<string, Map<string, number | Deleted>>;
}

/** A document the adapter knows (`found` false: known not to exist), or undefined when not loaded yet. */
export type PeekDoc = (collection: string, id: string) => { found: boolean; doc?: unknown } | undefined;
export type FetchDocs = (keys: ReadonlyArray<{ collection: string; id: string }>) => Promise<void>;
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
 * commit, so the data and the checkpoint change together or not at all. Reads are synchronous: a
 * document the adapter has not loaded reads as missing and is remembered for `fetchMissing`.
 */
export class BufferedBatch implements ProjectionBatch {
  private changes: BatchChanges = { docs: new Map(), indexes: new Map() };
  private missing = new Map<string, { collection: string; id: string }>();
  private committed = false;

  constructor(
    readonly baseCheckpoint: number,
    private readonly peek: PeekDoc,
    private readonly store: CommitChanges,
    private readonly fetch?: FetchDocs,
  ) {}

  get<T>(collection: string, id: string): T | undefined {
    const pending = this.changes.docs.get(collection)?.get(id);
    if (pending === DELETED) return undefined;
    if (pending !== undefined) return pending as T;
    const known = this.peek(collection, id);
    if (known === undefined) {
      this.missing.set(`${collection}\u0000${id}`, { collection, id });
      return undefined;
    }
    return known.found ? (known.doc as T) : undefined;
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

  async fetchMissing(): Promise<boolean> {
    if (this.missing.size === 0) return false;
    if (!this.fetch) throw new Error('This batch cannot load documents');
    const keys = [...this.missing.values()];
    this.missing = new Map();
    this.changes = { docs: new Map(), indexes: new Map() };
    await this.fetch(keys);
    return true;
  }

  async commit(checkpoint: number): Promise<void> {
    if (this.committed) throw new Error('Batch already committed');
    if (this.missing.size > 0)
      throw new Error('Batch read documents it has not loaded: call fetchMissing first');
    this.committed = true;
    await this.store(this.changes, checkpoint);
  }
}
