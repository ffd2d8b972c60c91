import type { ProjectionBatch } from '@atende/events';

/** Marks a deleted document or index entry inside a batch. */
export const DELETED: unique symbol = Symbol('deleted');
type Deleted = typeof DELETED;

/** A key space a batch erased (ProjectionTx.deletePrefix, indexDeletePrefix, indexDropPrefix). */
export type Erasure =
  | { kind: 'docs'; collection: string; prefix: string }
  | { kind: 'entries'; index: string; prefix: string }
  | { kind: 'indexes'; prefix: string };

/** What a batch hands its adapter to store at once. */
export interface BatchChanges {
  /**
   * Applied to the stored data first, then `docs` and `indexes`: a write the batch made before an
   * erasure is already marked deleted there, one made after it is kept.
   */
  erasures: Erasure[];
  docs: Map<string, Map<string, unknown | Deleted>>;
  indexes: Map<string, Map<string, number | Deleted>>;
}

/** Applies erasures to plain maps (the in-process adapter's data). */
export function eraseFromMaps(
  erasures: readonly Erasure[],
  docs: Map<string, Map<string, unknown>>,
  indexes: Map<string, { deletePrefix(prefix: string): void }>,
): void {
  for (const erasure of erasures) {
    if (erasure.kind === 'docs') {
      const collection = docs.get(erasure.collection);
      if (!collection) continue;
      for (const id of collection.keys()) if (id.startsWith(erasure.prefix)) collection.delete(id);
    } else if (erasure.kind === 'entries') {
      if (erasure.prefix === '') indexes.delete(erasure.index);
      else indexes.get(erasure.index)?.deletePrefix(erasure.prefix);
    } else {
      for (const name of indexes.keys()) if (name.startsWith(erasure.prefix)) indexes.delete(name);
    }
  }
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

/** Index scores are numbers every adapter stores as given (Redis keeps doubles): no NaN or ±Infinity. */
export function assertIndexScore(index: string, score: number): void {
  if (!Number.isFinite(score)) throw new TypeError(`Index ${index}: score must be finite, got ${score}`);
}

function emptyChanges(): BatchChanges {
  return { erasures: [], docs: new Map(), indexes: new Map() };
}

/**
 * What every batch kind does with a projection's writes: notes them in `changes`, which its commit
 * hands to the adapter. Subclasses decide how reads, prefix deletes of documents and commits work.
 */
export abstract class ChangeNotingBatch {
  protected changes: BatchChanges = emptyChanges();

  put(collection: string, id: string, doc: unknown): void {
    bucket(this.changes.docs, collection).set(id, doc);
  }

  delete(collection: string, id: string): void {
    bucket(this.changes.docs, collection).set(id, DELETED);
  }

  indexPut(index: string, id: string, score: number): void {
    assertIndexScore(index, score);
    bucket(this.changes.indexes, index).set(id, score);
  }

  indexDelete(index: string, id: string): void {
    bucket(this.changes.indexes, index).set(id, DELETED);
  }

  indexDeletePrefix(index: string, idPrefix: string): void {
    const pending = this.changes.indexes.get(index);
    if (pending) for (const id of pending.keys()) if (id.startsWith(idPrefix)) pending.set(id, DELETED);
    this.changes.erasures.push({ kind: 'entries', index, prefix: idPrefix });
  }

  indexDropPrefix(namePrefix: string): void {
    for (const [name, pending] of this.changes.indexes) {
      if (name.startsWith(namePrefix)) for (const id of pending.keys()) pending.set(id, DELETED);
    }
    this.changes.erasures.push({ kind: 'indexes', prefix: namePrefix });
  }
}

/**
 * Collects a projection's writes in memory (reads see them) and hands them to the adapter in one
 * commit, so the data and the checkpoint change together or not at all. Reads are synchronous: a
 * document the adapter has not loaded reads as missing and is remembered for `fetchMissing`.
 */
export class BufferedBatch extends ChangeNotingBatch implements ProjectionBatch {
  private missing = new Map<string, { collection: string; id: string }>();
  private committed = false;

  constructor(
    readonly baseCheckpoint: number,
    private readonly peek: PeekDoc,
    private readonly store: CommitChanges,
    private readonly fetch?: FetchDocs,
  ) {
    super();
  }

  get<T>(collection: string, id: string): T | undefined {
    const pending = this.changes.docs.get(collection)?.get(id);
    if (pending === DELETED) return undefined;
    if (pending !== undefined) return pending as T;
    if (this.changes.erasures.length > 0 && this.erased(collection, id)) return undefined;
    const known = this.peek(collection, id);
    if (known === undefined) {
      this.missing.set(`${collection}\u0000${id}`, { collection, id });
      return undefined;
    }
    return known.found ? (known.doc as T) : undefined;
  }

  deletePrefix(collection: string, idPrefix: string): void {
    const pending = this.changes.docs.get(collection);
    if (pending) for (const id of pending.keys()) if (id.startsWith(idPrefix)) pending.set(id, DELETED);
    this.changes.erasures.push({ kind: 'docs', collection, prefix: idPrefix });
  }

  /** Whether a stored document falls under an erasure of this batch. */
  private erased(collection: string, id: string): boolean {
    return this.changes.erasures.some(
      (e) => e.kind === 'docs' && e.collection === collection && id.startsWith(e.prefix),
    );
  }

  async fetchMissing(): Promise<boolean> {
    if (this.missing.size === 0) return false;
    if (!this.fetch) throw new Error('This batch cannot load documents');
    const keys = [...this.missing.values()];
    this.missing = new Map();
    this.changes = emptyChanges();
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
