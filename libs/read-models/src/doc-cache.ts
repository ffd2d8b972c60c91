import { getHeapStatistics } from 'node:v8';

function heapFullness(): number {
  const heap = getHeapStatistics();
  return heap.used_heap_size / heap.heap_size_limit;
}

/** A document known not to exist (deleted, or fetched and missing). */
const ABSENT: unique symbol = Symbol('absent');
const NOT_FOUND = Object.freeze({ found: false as const });

/**
 * Documents a writer wrote or fetched, by collection then id (no store key built per read), so a
 * single writer does not read its own documents back from its store (Redis over the network, a
 * SQLite file decrypted and parsed).
 */
export class DocCache {
  private readonly collections = new Map<string, Map<string, unknown>>();
  private size = 0;
  /**
   * Every document of the version went through this cache since it was empty (a rebuild target):
   * one not here does not exist, so the batch need not fetch it.
   */
  private complete = false;

  /**
   * `limit`: documents kept at most. `heapShare`: also forget everything once the JS heap is fuller
   * than this share of its limit (a rebuild keeps all it wrote while memory allows).
   */
  constructor(
    private readonly limit: number,
    private readonly heapShare?: number,
  ) {}

  /** The version was just created empty. */
  startEmpty(): void {
    this.clear();
    this.complete = true;
  }

  get isComplete(): boolean {
    return this.complete;
  }

  /** A document of a complete cache (undefined: it does not exist). */
  lookup(collection: string, id: string): unknown {
    const doc = this.collections.get(collection)?.get(id);
    return doc === ABSENT ? undefined : doc;
  }

  /** Ids of `collection` the cache holds a document for that start with `prefix`. */
  idsStartingWith(collection: string, prefix: string): string[] {
    const ids: string[] = [];
    for (const [id, doc] of this.collections.get(collection) ?? []) {
      if (doc !== ABSENT && id.startsWith(prefix)) ids.push(id);
    }
    return ids;
  }

  /** What the cache knows of a document: undefined when it has to be fetched. */
  peek(collection: string, id: string): { found: boolean; doc?: unknown } | undefined {
    const docs = this.collections.get(collection);
    const doc = docs?.get(id);
    if (doc === undefined) return this.complete ? NOT_FOUND : undefined;
    // Used again: to the end of the eviction order.
    docs!.delete(id);
    docs!.set(id, doc);
    return doc === ABSENT ? NOT_FOUND : { found: true, doc };
  }

  /** `doc` undefined: known not to exist. */
  set(collection: string, id: string, doc: unknown): void {
    let docs = this.collections.get(collection);
    if (!docs) this.collections.set(collection, (docs = new Map()));
    const before = docs.size;
    docs.delete(id); // a Map keeps insertion order: the latest used go last, the oldest go first
    docs.set(id, doc === undefined ? ABSENT : doc);
    this.size += docs.size - before;
  }

  /**
   * Called between batches only, so documents fetched for a batch stay until it is applied. Past the
   * limit, the least recently used of each collection go (down to 90 % of it: not one by one per
   * batch); wiping everything instead made a busy inbox with more conversations than the limit read
   * and decrypt every document again after each wipe.
   */
  trim(): void {
    if (this.heapShare !== undefined && heapFullness() > this.heapShare) {
      this.clear();
      return;
    }
    if (this.size <= this.limit) return;
    const share = (this.size - Math.floor(this.limit * 0.9)) / this.size;
    for (const docs of this.collections.values()) {
      let drop = Math.ceil(docs.size * share);
      for (const id of docs.keys()) {
        if (drop-- <= 0) break;
        docs.delete(id);
        this.size -= 1;
      }
    }
    this.complete = false; // what went is no longer known not to exist
  }

  clear(): void {
    this.collections.clear();
    this.size = 0;
    this.complete = false;
  }
}
